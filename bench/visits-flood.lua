-- wrk script for bench/visits-flood.sh: one client floods the beacon as a browser would send
-- it (the site's Origin, a browser's User-Agent, text/plain JSON), every view a first page
-- with a campaign, a source and a referring site never seen before. Ends by printing how many
-- answers were 204 and how many anything else.
local threads = {}

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
  local fresh = string.format("%d-%d", thread_id, counter)
  local body = string.format(
    '{"p":"/","e":true,"q":"?utm_source=s%s&utm_medium=m&utm_campaign=c%s","r":"https://r%s.example.org/x"}',
    fresh, fresh, fresh)
  return wrk.format("POST", "/api/visits", {
    ["Content-Type"] = "text/plain;charset=UTF-8",
    ["Origin"] = origin,
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
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
