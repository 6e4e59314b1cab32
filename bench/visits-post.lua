-- wrk script for bench/visits.sh: every request POSTs a page view as the site's beacon does
-- (text/plain JSON, the site's own Origin, a browser's User-Agent that differs per thread and
-- request, so the counter makes many visitors), and the run ends by printing how many
-- answers were 204 and how many were anything else.
local threads = {}
local pages = { "/", "/contact", "/about/our_vision", "/blogs", "/real-estate", "/blogs/detail/bench-story" }

function setup(thread)
  thread:set("thread_id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  origin = args[1]
  counter = 0
  counted = 0
  other = 0
end

function request()
  counter = counter + 1
  local page = pages[(counter % #pages) + 1]
  local entry = (counter % 4 == 0) and ',"e":true,"q":"?utm_source=bench&utm_campaign=load","r":"https://www.example.org/x"' or ""
  local body = string.format('{"p":"%s"%s}', page, entry)
  return wrk.format("POST", "/api/visits", {
    ["Content-Type"] = "text/plain;charset=UTF-8",
    ["Origin"] = origin,
    ["User-Agent"] = string.format("Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36 b/%d-%d", thread_id, counter % 5000),
  }, body)
end

function response(status, headers, body)
  if status == 204 then
    counted = counted + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local ok, bad = 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("counted")
    bad = bad + thread:get("other")
  end
  io.write(string.format("answers: %d x 204, %d other\n", ok, bad))
end
