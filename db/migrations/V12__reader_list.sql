-- The reader list: which story's mail an unsubscribe came from, so each story can say how
-- many readers its mail lost. The blog slug of the story whose mail carried the link; NULL
-- when the link came in a confirmation mail, an older story mail (links from before this
-- column name no story), or the office unsubscribed the reader.
ALTER TABLE subscriptions ADD COLUMN unsubscribed_from TEXT;

-- The per-story mail counts read a story's mails by slug.
CREATE INDEX outbox_story_slug ON outbox (blog_slug) WHERE kind = 'story';
-- The reader counts and the subscribers list's filter read the state.
CREATE INDEX subscriptions_state ON subscriptions (state);
