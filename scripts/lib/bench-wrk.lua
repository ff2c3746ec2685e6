-- wrk's script for `npm run bench` (scripts/lib/bench-wrk.ts). Without arguments wrk sends its
-- one fixed request and this only writes the run's figures as JSON to $BENCH_WRK_REPORT. With
-- `-- contact TAG` or `-- assessment COOKIE_FILE`, each request is a distinct form post: its own
-- X-Forwarded-For, so the per-address rate limits never refuse it, and its own email address, so
-- the bench can find its rows afterwards. The bench runs one connection per thread in these
-- modes: an answer then belongs to the thread's last request, which lets it record exactly which
-- posts the server accepted.

local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

-- Read in each thread by done() in the main one, so they are globals.
accepted = {}
refused = 0
exhausted = false

local pending = nil
local expected_location = nil

-- 10.x.y.z from a request's number: at most a warm-up's and a measured run's posts share one.
local function address(number)
  return string.format("10.%d.%d.%d", math.floor(number / 65536) % 256,
    math.floor(number / 256) % 256, number % 256)
end

local function post(path, number, body, extra_headers)
  local headers = {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Accept"] = "text/html",
    ["Accept-Encoding"] = "gzip",
    ["X-Forwarded-For"] = address(number),
  }
  for name, value in pairs(extra_headers or {}) do headers[name] = value end
  return wrk.format("POST", path, headers, body)
end

local function contact_requests(tag, thread_count)
  local sent = 0
  expected_location = "/contact"
  return function()
    -- Numbered across threads, so no two requests of the run share an address or an email.
    local number = sent * thread_count + thread_index
    sent = sent + 1
    pending = number
    return post("/contact", number, "fullName=Bench+Visitor+" .. number
      .. "&email=bench-" .. tag .. "-" .. number .. "%40example.org"
      .. "&phone=%2B1+720+555+0100"
      .. "&message=Our+invoices+wait+three+days+for+approval.+Can+you+help%3F")
  end
end

-- The last step's post of visitors who answered steps 1 to 9 (their cookies, one a line): this
-- thread takes every line whose number modulo the thread count is its own.
local function assessment_requests(cookie_file, thread_count)
  local mine = {}
  local line_number = 0
  for line in io.lines(cookie_file) do
    if line_number % thread_count == thread_index then
      table.insert(mine, { number = line_number, cookie = line })
    end
    line_number = line_number + 1
  end
  local next_index = 1
  expected_location = "/assessment-results"
  return function()
    local visitor = mine[next_index]
    if visitor == nil then
      -- Only after a reconnection with nothing left to send: a request that is not counted.
      exhausted = true
      pending = nil
      return wrk.format("GET", "/healthz")
    end
    next_index = next_index + 1
    pending = visitor.number
    if next_index > #mine then exhausted = true end
    return post("/efficiency-assessment?step=10", visitor.number,
      "urgency=somewhat-urgent&timeline=within-90-days&intent=next",
      { ["Cookie"] = visitor.cookie })
  end
end

local function count_answer(status, headers)
  if pending ~= nil then
    local location = headers["Location"] or headers["location"] or ""
    if (status == 302 or status == 303) and location:find(expected_location, 1, true) then
      table.insert(accepted, pending)
    else
      refused = refused + 1
    end
    pending = nil
  end
  if exhausted then wrk.thread:stop() end
end

-- wrk calls request() and response() only when they exist, and a run without them is faster: they
-- are defined for the form posts alone.
function init(args)
  local mode, thread_count = args[1], tonumber(args[3])
  if mode == nil then return end
  if mode == "contact" then
    request = contact_requests(args[2], thread_count)
  elseif mode == "assessment" then
    request = assessment_requests(args[2], thread_count)
  else
    error("unknown mode " .. mode)
  end
  response = count_answer
end

function done(summary, latency, requests)
  local errors = summary.errors
  local parts = {
    string.format('"durationUs":%d,"requests":%d', summary.duration, summary.requests),
    string.format('"socketErrors":%d,"statusErrors":%d,"timeouts":%d',
      errors.connect + errors.read + errors.write, errors.status, errors.timeout),
    string.format('"p50Us":%d,"p99Us":%d', latency:percentile(50), latency:percentile(99)),
  }
  local all_accepted, all_refused, any_exhausted = {}, 0, false
  for _, thread in ipairs(threads) do
    for _, number in ipairs(thread:get("accepted")) do table.insert(all_accepted, number) end
    all_refused = all_refused + thread:get("refused")
    any_exhausted = any_exhausted or thread:get("exhausted")
  end
  table.insert(parts, string.format('"accepted":[%s],"refused":%d,"exhausted":%s',
    table.concat(all_accepted, ","), all_refused, tostring(any_exhausted)))
  local report = assert(io.open(os.getenv("BENCH_WRK_REPORT"), "w"))
  report:write("{" .. table.concat(parts, ",") .. "}\n")
  report:close()
end
