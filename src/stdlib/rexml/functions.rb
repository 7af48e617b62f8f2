# rexml/functions: the XPath 1.0 core function library REXML::XPath calls (written for
# rubra): node-set functions (last, position, count, name, local-name, namespace-uri),
# string functions (string, concat, starts-with, contains, substring(-before/-after),
# string-length, normalize-space, translate), boolean functions (boolean, not, true,
# false, lang) and number functions (number, sum, floor, ceiling, round).

module REXML
  module Functions
    NAMES = %w[last position count id local-name namespace-uri name string concat
               starts-with ends-with contains substring-before substring-after substring
               string-length normalize-space translate boolean not true false lang number
               sum floor ceiling round].freeze

    # Calls the function `name` with the argument trees `args` in the context of `node`.
    def self.call(ev, name, args, node, pos, size)
      raise ParseException.new("Unknown XPath function: #{name}") unless NAMES.include?(name)
      vals = args.map { |a| ev.eval_expr(a, node, pos, size) }
      str = ->(i) { vals.size > i ? ev.string(vals[i]) : ev.string_value(node) }
      case name
      when "last" then size
      when "position" then pos
      when "count" then node_set(vals[0]).size
      when "id" then []
      when "local-name", "name", "namespace-uri"
        target = vals.empty? ? node : node_set(vals[0]).first
        return "" if target.nil?
        if name == "namespace-uri"
          target.respond_to?(:namespace) ? target.namespace.to_s : ""
        elsif target.is_a?(Element) || target.is_a?(Attribute)
          name == "name" ? target.expanded_name : target.name
        elsif target.is_a?(Instruction)
          target.target
        else
          ""
        end
      when "string" then str.call(0)
      when "concat" then vals.map { |v| ev.string(v) }.join
      when "starts-with" then ev.string(vals[0]).start_with?(ev.string(vals[1]))
      when "ends-with" then ev.string(vals[0]).end_with?(ev.string(vals[1]))
      when "contains" then ev.string(vals[0]).include?(ev.string(vals[1]))
      when "substring-before"
        s = ev.string(vals[0])
        i = s.index(ev.string(vals[1]))
        i ? s[0, i] : ""
      when "substring-after"
        s = ev.string(vals[0])
        t = ev.string(vals[1])
        i = s.index(t)
        i ? s[i + t.length..] : ""
      when "substring" then substring(ev.string(vals[0]), ev.number(vals[1]), vals[2] && ev.number(vals[2]))
      when "string-length" then str.call(0).length
      when "normalize-space" then str.call(0).strip.gsub(/\s+/, " ")
      when "translate"
        from = ev.string(vals[1]).chars
        to = ev.string(vals[2]).chars
        ev.string(vals[0]).chars.map { |c| (i = from.index(c)) ? to[i].to_s : c }.join
      when "boolean" then ev.boolean(vals[0])
      when "not" then !ev.boolean(vals[0])
      when "true" then true
      when "false" then false
      when "lang"
        want = ev.string(vals[0]).downcase
        n = node
        n = n.parent while n.is_a?(Element) && !n.attributes.get_attribute("xml:lang") && n.parent
        have = n.is_a?(Element) ? n.attributes["xml:lang"].to_s.downcase : ""
        have == want || have.start_with?("#{want}-")
      when "number" then vals.empty? ? ev.number(ev.string_value(node)) : ev.number(vals[0]).to_f
      when "sum" then node_set(vals[0]).sum(0.0) { |n| ev.number(ev.string_value(n)).to_f }
      when "floor" then ev.number(vals[0]).to_f.floor
      when "ceiling" then ev.number(vals[0]).to_f.ceil
      when "round"
        v = ev.number(vals[0]).to_f
        v.nan? || v.infinite? ? v : (v + 0.5).floor
      end
    end

    def self.node_set(v)
      raise ParseException.new("Argument is not a node-set") unless v.is_a?(Array)
      v
    end

    def self.substring(s, start, length)
      return "" if start.to_f.nan?
      first = (start + 0.5).floor
      if length.nil?
        from = [first, 1].max
        return s[from - 1..].to_s
      end
      return "" if length.to_f.nan?
      last = length.infinite? ? s.length + 1 : first + (length + 0.5).floor
      from = [first, 1].max
      return "" if last <= from
      s[from - 1, last - from].to_s
    end
  end
end
