-I
lib
-rhelper
-e
p Helper::X, $LOADED_FEATURES.last.end_with?("/lib/helper.rb"), $LOAD_PATH.first == File.expand_path("lib")
