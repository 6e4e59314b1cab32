-- wrk: every request searches the blogs for a new random pair of words plus a number, so
-- (almost) every one misses the list cache and runs an FTS5 query.
local words = {
  "office", "campus", "lease", "warehouse", "hospital", "facility", "leadership", "startup",
  "school", "tree", "health", "monsoon", "vacancy", "investment", "science", "hiring",
  "gallery", "auction", "tech", "park", "fit", "out", "pune", "chennai", "mysuru", "kochi",
  "powai", "omr", "whitefield", "hyderabad", "ahmedabad", "lab", "cohort", "drive", "camp",
  "library", "funds", "conversion", "management", "programme", "manufacturing", "mobile",
}
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
request = function()
  local a = words[math.random(#words)]
  local b = words[math.random(#words)]
  local text = a .. "+" .. b .. "+" .. math.random(1, 1000000)
  return wrk.format("GET", "/api/corp_website/blogs/get?page=1&text=" .. text)
end
