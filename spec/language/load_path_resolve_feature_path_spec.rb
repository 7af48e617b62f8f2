# $LOAD_PATH.resolve_feature_path: where require would load a feature from, without loading it
p $LOAD_PATH.singleton_methods
p $LOAD_PATH.resolve_feature_path("no_such_feature_zz")
p $LOAD_PATH.resolve_feature_path("strscan")
p $LOAD_PATH.resolve_feature_path("strscan.so")
p $LOAD_PATH.resolve_feature_path("set")
p $LOAD_PATH.resolve_feature_path("./no_such_file_zz")
begin
  $LOAD_PATH.resolve_feature_path(1)
rescue TypeError => e
  p e.message
end
p defined?(StringScanner)
