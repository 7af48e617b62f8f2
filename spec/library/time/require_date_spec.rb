# `require "time"` loads `date` through require, as CRuby's time.rb does: a later
# `require "date"` answers false and defines nothing again (no "already initialized constant"
# warnings), and both libraries work.
p require("time")
p require("date")
p require("time"), require("date")
p $LOADED_FEATURES.count { _1.end_with?("/date.rb") || _1 == "date.rb" }
p Date::ITALY, Date.new(2024, 2, 29).next_day.to_s, Time.parse("2024-03-01 10:00:00 UTC").month
