# the program `rubra -I lib -rhelper -e 'p Helper::X, $LOADED_FEATURES.last.end_with?("/lib/helper.rb"), $LOAD_PATH.first == File.expand_path("lib")'` runs, written out for the oracle
$LOAD_PATH.unshift File.expand_path("lib")
require "helper"
p Helper::X, $LOADED_FEATURES.last.end_with?("/lib/helper.rb"), $LOAD_PATH.first == File.expand_path("lib")
