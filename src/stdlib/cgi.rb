# frozen_string_literal: true
#
# cgi: in Ruby 4.0 only the escaping functions remain (cgi/escape); the CGI class itself has
# nothing more. Written for rubra.

require "cgi/escape"
