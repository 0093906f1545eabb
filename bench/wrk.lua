-- wrk script: POSTs the JSON body in $BENCH_BODY (a GET when unset) and prints one JSON line of
-- results: requests, seconds, errors, and latency percentiles in microseconds. With $BENCH_VARY
-- (words separated by spaces), each request puts $BENCH_VARY_WORDS random words (two unless set) in
-- place of __WORDS__ (see $BENCH_UNCACHED below). With $BENCH_COOKIE, each request sends it (a
-- signed-in session). With $BENCH_SEED, the random words are the same from run to run. Every
-- request says which encodings it accepts as Chromium does, so answers go out as to a browser.
wrk.headers["Accept-Encoding"] = "gzip, deflate, br, zstd"

local path = os.getenv("BENCH_BODY")
if path then
  local file = assert(io.open(path, "rb"))
  wrk.method = "POST"
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = "application/json"
end

local cookie = os.getenv("BENCH_COOKIE")
if cookie then
  wrk.headers["Cookie"] = cookie
end

-- With $BENCH_UNCACHED, the words are followed by twelve random punctuation marks, which the
-- search drops but which make each request's text new to the server's kept answers and searches.
local uncached = os.getenv("BENCH_UNCACHED")
local marks = {".", ",", ";", ":"}
local function filler()
  local chosen = {}
  for i = 1, 12 do chosen[i] = marks[math.random(#marks)] end
  return " " .. table.concat(chosen)
end

local vary = os.getenv("BENCH_VARY")
if vary then
  math.randomseed(tonumber(os.getenv("BENCH_SEED") or "") or os.time() + math.floor(os.clock() * 1000000))
  local words = {}
  for word in vary:gmatch("%S+") do words[#words + 1] = word end
  local count = tonumber(os.getenv("BENCH_VARY_WORDS") or "2")
  local template = wrk.body
  request = function()
    local chosen = {}
    for i = 1, count do chosen[i] = words[math.random(#words)] end
    local text = table.concat(chosen, " ") .. (uncached and filler() or "")
    return wrk.format(nil, nil, nil, (template:gsub("__WORDS__", text)))
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"errors":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration / 1e6,
    errors.connect + errors.read + errors.write + errors.status + errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
