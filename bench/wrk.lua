-- wrk script: POSTs the JSON body in $BENCH_BODY (a GET when unset) and prints one JSON line of
-- results: requests, seconds, errors, and latency percentiles in microseconds. With
-- $BENCH_QUERIES (a file of queries, one a line: words, a tag or a tag's first letters), each
-- request puts one of them, drawn at random, in place of __WORDS__, changed as $BENCH_VARY says
-- (below). With $BENCH_COOKIE, each request sends it (a signed-in session). With $BENCH_SEED, the
-- draws are the same from run to run. Every request says which encodings it accepts as Chromium
-- does, so answers go out as to a browser.
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

-- $BENCH_VARY makes each request's text new to the server's kept answers and searches (both keyed
-- by the text as typed) without changing what is searched, so that each is searched anew:
--   marks: twelve random punctuation marks after the words, which the search drops;
--   case: each letter upper or lower case at random (a tag is looked up folded);
--   case+spaces: the same, between random spaces and a random number of '#' before (a
--   suggestion's letters are trimmed of both).
-- Unset, the query is sent as drawn.
local vary = os.getenv("BENCH_VARY")
local marks = {".", ",", ";", ":"}

local function random_case(text)
  return (text:gsub("%a", function(letter)
    return math.random(2) == 1 and letter:upper() or letter:lower()
  end))
end

local function varied(query)
  if vary == "marks" then
    local chosen = {}
    for i = 1, 12 do chosen[i] = marks[math.random(#marks)] end
    return query .. " " .. table.concat(chosen)
  elseif vary == "case" then
    return random_case(query)
  elseif vary == "case+spaces" then
    return string.rep(" ", math.random(0, 6)) .. string.rep("#", math.random(0, 3))
      .. random_case(query) .. string.rep(" ", math.random(0, 6))
  end
  return query
end

local queries_path = os.getenv("BENCH_QUERIES")
if queries_path then
  math.randomseed(tonumber(os.getenv("BENCH_SEED") or "") or os.time() + math.floor(os.clock() * 1000000))
  local queries = {}
  for line in io.lines(queries_path) do
    if line ~= "" then queries[#queries + 1] = line end
  end
  local template = wrk.body
  request = function()
    local text = varied(queries[math.random(#queries)])
    return wrk.format(nil, nil, nil, (template:gsub("__WORDS__", function() return text end)))
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
