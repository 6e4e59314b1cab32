-- The public raster images (post covers, body images, author photos): the size of each and
-- the renditions it is stored at, for the site's srcset. Keyed by the media path a post or
-- an author names (its largest JPEG or PNG); an SVG has no row.
CREATE TABLE media_images (
    -- Media path, e.g. blogs/3f9a0c1d2e3f4a5b.jpg.
    path       TEXT PRIMARY KEY,
    -- Pixels of that file (the largest rendition).
    width      INTEGER NOT NULL CHECK (width > 0),
    height     INTEGER NOT NULL CHECK (height > 0),
    -- Every rendition, narrowest first, the path's own included:
    -- JSON [{"path": "blogs/....webp", "width": 480, "height": 270, "type": "image/webp"}, ...]
    renditions TEXT NOT NULL CHECK (json_valid(renditions)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
