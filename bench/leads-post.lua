-- wrk script for bench/leads.sh: every request POSTs a contact enquiry with a name unique to
-- the run (its label is the script's first argument), and the run ends by printing how many
-- answers were 201 and how many were anything else.
local threads = {}

function setup(thread)
  thread:set("thread_id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  label = args[1] or "run"
  counter = 0
  created = 0
  other = 0
end

function request()
  counter = counter + 1
  local body = string.format(
    '{"name":"Bench %s %d-%d","mobile":"+91 98450 12345","email":"bench@example.com",' ..
    '"requirment":"Load test enquiry","department_website":"Corp Team","website":""}',
    label, thread_id, counter)
  return wrk.format("POST", "/api/clients/create", { ["Content-Type"] = "application/json" }, body)
end

function response(status, headers, body)
  if status == 201 then
    created = created + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local ok, bad = 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("created")
    bad = bad + thread:get("other")
  end
  io.write(string.format("answers: %d x 201, %d other\n", ok, bad))
end
