# rexml: `require "rexml"` loads REXML's document model, as `require "rexml/document"` does.

require "rexml/document"
