vcl 4.1;

# Varnish in front of corpsite: an edge cache that keeps what the origin says a shared cache
# may keep (pages, the blog API, sitemap and feed: `s-maxage=60, stale-while-revalidate=86400`;
# hashed assets and media: a year), serves stale copies while the origin is down, never keeps
# the forms, the staff's side or anything a signed-in person asks, and drops changed pages
# when corpsite says so (`corpsite serve --purge-url http://THIS-EDGE:6081`).
# Documented in docs/cdn.md; tested by tests/cdn_varnish.rs. Varnish 6.0 and later.

# The origin: corpsite's --addr.
backend origin {
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 15s;
    .between_bytes_timeout = 15s;
}

# Who may drop cached pages: corpsite's own address (as the edge sees it). Add the origin's
# address when it runs on another machine.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # corpsite's purges: `BAN /path` with `X-Ban-Match: prefix` (every path starting with it)
    # or `exact` (that path, with any query string). Bans match the cached objects' paths
    # (x-path, set below), so the ban lurker clears them without waiting for a request.
    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.url !~ "^/") {
            return (synth(400, "A path"));
        }
        if (req.http.X-Ban-Match == "prefix") {
            # The path is a regular expression's start: every character but letters,
            # digits, /, _ and - escaped.
            ban("obj.http.x-path ~ ^" + regsuball(req.url, "([^A-Za-z0-9/_-])", "\\\1"));
        } else if (req.http.X-Ban-Match == "exact") {
            ban("obj.http.x-path == " + regsub(req.url, "\?.*$", ""));
        } else {
            return (synth(400, "X-Ban-Match: prefix or exact"));
        }
        return (synth(200, "Banned"));
    }

    # Forms and every other write go to the origin, never kept.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The staff's side, sign-in, the page-view beacon, and the subscriber links' pages
    # (their tokens): one person's answers, never shared.
    if (req.url ~ "^/(api/staff|staff|login)(/|\?|$)" ||
        req.url ~ "^/api/visits(\?|$)" ||
        req.url ~ "^/blogs/(subscribe/confirm|unsubscribe)(/|\?|$)" ||
        req.url ~ "^/(metrics|healthz)(\?|$)") {
        return (pass);
    }
    # A signed-in person (the staff's session cookie) always sees the origin's answer.
    if (req.http.Cookie ~ "(^|;)\s*corpsite_staff=") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # The public pages are the same for everyone: any other cookie is nobody's business.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    # The path each object is kept under, for the bans above (the query left out).
    set beresp.http.x-path = regsub(bereq.url, "\?.*$", "");
    # A refresh in the background that fails keeps the stale copy (grace) instead of an
    # error: visitors keep getting pages while the origin is down or restarting.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # Whatever sets a cookie or says private/no-store is never kept (Varnish's built-in
    # rules, which run after this: the TTL and grace come from the origin's Cache-Control,
    # s-maxage and stale-while-revalidate).
}

sub vcl_backend_error {
    # The origin is unreachable while a stale copy is being refreshed: keep serving it.
    if (bereq.is_bgfetch) {
        return (abandon);
    }
}

sub vcl_deliver {
    unset resp.http.x-path;
    # hit (fresh or stale) or miss, for people and tests reading the answers.
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
