# rexml/xpath: REXML::XPath.first / each / match, evaluating the trees of
# rexml/parsers/xpathparser over a REXML tree (written for rubra): node-sets in document
# order, predicates with positions along the axis, XPath 1.0's comparison and conversion
# rules, and the core function library. Numbers are Floats, except what count(),
# string-length(), position(), last(), floor(), ceiling() and round() answer (Integers),
# as REXML answers them.

require "rexml/node"
require "rexml/parsers/xpathparser"
require "rexml/functions"

module REXML
  module XPath
    EMPTY_HASH = {}.freeze

    # The first node (or value) `path` selects from `element`, or nil.
    def self.first(element, path = nil, namespaces = nil, variables = {}, options = {})
      raise "The namespaces argument, if supplied, must be a hash object." unless namespaces.nil? || namespaces.is_a?(Hash)
      raise "The variables argument, if supplied, must be a hash object." unless variables.is_a?(Hash)
      Evaluator.new(namespaces, variables).select(element, path || ".").first
    end

    # Yields each node (or value) `path` selects from `element`.
    def self.each(element, path = nil, namespaces = nil, variables = {}, options = {}, &block)
      raise "The namespaces argument, if supplied, must be a hash object." unless namespaces.nil? || namespaces.is_a?(Hash)
      raise "The variables argument, if supplied, must be a hash object." unless variables.is_a?(Hash)
      Evaluator.new(namespaces, variables).select(element, path || ".").each(&block)
    end

    # Every node (or the value) `path` selects from `element`, as an Array.
    def self.match(element, path = nil, namespaces = nil, variables = {}, options = {})
      Evaluator.new(namespaces, variables).select(element, path || ".")
    end

    # Evaluates one expression.
    class Evaluator
      # Parsed paths, by their text (at most 1,000 kept).
      PARSED = {}

      def initialize(namespaces, variables)
        @namespaces = namespaces || {}
        @variables = variables || {}
        @order = nil
      end

      def select(node, path)
        tree = PARSED[path]
        unless tree
          PARSED.clear if PARSED.size >= 1000
          tree = PARSED[path.dup.freeze] = Parsers::XPathParser.new.parse(path)
        end
        nodes = node.is_a?(Array) ? node : [node]
        result = []
        nodes.each do |n|
          v = eval_expr(tree, n, 1, 1)
          if v.is_a?(Array)
            result.concat(v)
          else
            result << v
          end
        end
        result
      end

      def eval_expr(e, node, pos, size)
        case e[0]
        when :path
          start = e[1] ? [root_of(node)] : [node]
          run_steps(start, e[2])
        when :filter
          v = eval_expr(e[1], node, pos, size)
          unless e[2].empty?
            raise ParseException.new("Predicates apply to node-sets only") unless v.is_a?(Array)
            v = doc_order(v)
            e[2].each { |pred| v = filter(v, pred) }
          end
          v = run_steps(v, e[3]) unless e[3].empty?
          v
        when :union
          a = eval_expr(e[1], node, pos, size)
          b = eval_expr(e[2], node, pos, size)
          raise ParseException.new("Union of non-node-sets") unless a.is_a?(Array) && b.is_a?(Array)
          uniq(a + b)
        when :or
          boolean(eval_expr(e[1], node, pos, size)) || boolean(eval_expr(e[2], node, pos, size))
        when :and
          boolean(eval_expr(e[1], node, pos, size)) && boolean(eval_expr(e[2], node, pos, size))
        when :compare
          compare(e[1], eval_expr(e[2], node, pos, size), eval_expr(e[3], node, pos, size))
        when :arith
          arith(e[1], number(eval_expr(e[2], node, pos, size)), number(eval_expr(e[3], node, pos, size)))
        when :neg
          -number(eval_expr(e[1], node, pos, size))
        when :literal then e[1]
        when :number then e[1]
        when :var then @variables[e[1]]
        when :call
          Functions.call(self, e[1], e[2], node, pos, size)
        end
      end

      # --- location paths

      def run_steps(nodes, steps)
        steps.each do |step|
          out = []
          nodes.each do |n|
            # In the axis's order (nearest first for a reverse axis), as positions count.
            found = axis(step[0], n).select { |c| test?(step[1], c, step[0]) }
            step[2].each { |pred| found = filter(found, pred) }
            out.concat(found)
          end
          # One context node: the axis's order (nearest first for a reverse axis), as REXML
          # answers; several: document order without duplicates.
          nodes = nodes.size > 1 ? doc_order(uniq(out)) : out
        end
        nodes
      end

      REVERSE_AXES = %i[ancestor ancestor-or-self preceding preceding-sibling].freeze

      def filter(nodes, pred)
        size = nodes.size
        kept = []
        nodes.each_with_index do |n, i|
          v = eval_expr(pred, n, i + 1, size)
          keep = v.is_a?(Numeric) ? v == i + 1 : boolean(v)
          kept << n if keep
        end
        kept
      end

      def axis(name, node)
        case name
        when :child then children(node)
        when :attribute then node.is_a?(Element) ? node.attributes.to_a : []
        when :self then [node]
        when :parent
          p = node.parent
          p ? [p] : []
        when :descendant then descendants(node, [])
        when :"descendant-or-self" then descendants(node, [node])
        when :ancestor then ancestors(node).reverse
        when :"ancestor-or-self" then (ancestors(node) << node).reverse
        when :"following-sibling" then siblings(node, 1)
        when :"preceding-sibling" then siblings(node, -1).reverse
        when :following then following(node)
        when :preceding then preceding(node).reverse
        else []
        end
      end

      def children(node)
        return [] unless node.is_a?(Parent) && !node.is_a?(DocType)
        node.children.select { |c| xpath_node?(c) }
      end

      def xpath_node?(c)
        c.is_a?(Element) || c.is_a?(Text) || c.is_a?(Comment) || c.is_a?(Instruction)
      end

      def descendants(node, acc)
        children(node).each do |c|
          acc << c
          descendants(c, acc) if c.is_a?(Element)
        end
        acc
      end

      def ancestors(node)
        list = []
        p = node.parent
        while p
          list.unshift(p)
          p = p.parent
        end
        list
      end

      def siblings(node, dir)
        return [] if node.is_a?(Attribute) || node.parent.nil?
        sibs = children(node.parent)
        i = sibs.index { |c| c.equal?(node) }
        return [] unless i
        dir.positive? ? sibs[i + 1..] : sibs[0, i]
      end

      def following(node)
        node = node.element if node.is_a?(Attribute)
        out = []
        cur = node
        while cur && cur.parent
          siblings(cur, 1).each { |s| out << s; descendants(s, out) if s.is_a?(Element) }
          cur = cur.parent
        end
        out
      end

      def preceding(node)
        node = node.element if node.is_a?(Attribute)
        anc = ancestors(node)
        all = descendants(root_of(node), [])
        i = all.index { |c| c.equal?(node) } || 0
        all[0, i].reject { |c| anc.any? { |a| a.equal?(c) } }
      end

      def root_of(node)
        node = node.element if node.is_a?(Attribute)
        node = node.parent while node&.parent
        node
      end

      def test?(t, node, axis)
        case t[0]
        when :type
          case t[1]
          when "node" then true
          when "text" then node.is_a?(Text)
          when "comment" then node.is_a?(Comment)
          else node.is_a?(Instruction) && (t[2].nil? || node.target == t[2])
          end
        when :any
          principal?(node, axis) && (t[1].nil? || prefix_match?(t[1], node))
        else
          principal?(node, axis) && node.name == t[2] && prefix_match?(t[1], node)
        end
      end

      def principal?(node, axis)
        axis == :attribute ? node.is_a?(Attribute) : node.is_a?(Element) && !node.is_a?(Document)
      end

      def prefix_match?(prefix, node)
        if prefix.nil?
          return node.prefix.to_s.empty? if node.is_a?(Attribute)
          ns = @namespaces[""]
          return node.prefix.to_s.empty? unless ns
          return node.namespace == ns
        end
        uri = @namespaces[prefix]
        return node.namespace == uri if uri
        node.prefix == prefix
      end

      # --- node-set helpers

      def uniq(nodes)
        seen = {}.compare_by_identity
        nodes.select { |n| seen[n] ? false : (seen[n] = true) }
      end

      def doc_order(nodes)
        return nodes if nodes.size < 2
        index = order_index(nodes[0])
        nodes.sort_by { |n| index[n] || 0 }
      end

      def order_index(sample)
        root = root_of(sample)
        return @order if @order && @order_root.equal?(root)
        @order_root = root
        @order = {}.compare_by_identity
        i = 0
        stack = [root]
        until stack.empty?
          n = stack.pop
          @order[n] = (i += 1)
          next unless n.is_a?(Parent)
          n.attributes.each_attribute { |a| @order[a] = (i += 1) } if n.is_a?(Element)
          stack.concat(children(n).reverse)
        end
        @order
      end

      # --- conversions (XPath 1.0, section 4)

      def string_value(node)
        case node
        when Element
          out = +""
          descendants(node, []).each { |d| out << d.value if d.is_a?(Text) }
          out
        when Attribute, Text then node.value
        when Comment then node.string
        when Instruction then node.content.to_s
        else node.to_s
        end
      end

      def string(v)
        case v
        when Array then v.empty? ? "" : string_value(v.first)
        when true then "true"
        when false then "false"
        when Float
          return "NaN" if v.nan?
          return (v.positive? ? "Infinity" : "-Infinity") if v.infinite?
          v == v.floor ? v.to_i.to_s : v.to_s
        when nil then ""
        else v.to_s
        end
      end

      def number(v)
        case v
        when Numeric then v
        when true then 1.0
        when false then 0.0
        when Array then number(string(v))
        else
          s = v.to_s.strip
          s.match?(/\A-?(\d+(\.\d*)?|\.\d+)\z/) ? s.to_f : Float::NAN
        end
      end

      def boolean(v)
        case v
        when Array then !v.empty?
        when String then !v.empty?
        when Numeric then !(v.zero? || (v.is_a?(Float) && v.nan?))
        else v ? true : false
        end
      end

      def compare(op, a, b)
        if a.is_a?(Array) && b.is_a?(Array)
          bs = b.map { |n| string_value(n) }
          return a.any? { |n| sa = string_value(n); bs.any? { |sb| scalar_compare(op, sa, sb) } }
        end
        if a.is_a?(Array) || b.is_a?(Array)
          set, other, flip = a.is_a?(Array) ? [a, b, false] : [b, a, true]
          if other == true || other == false
            x = boolean(set)
            return flip ? scalar_compare(op, other, x) : scalar_compare(op, x, other)
          end
          return set.any? do |n|
            x = other.is_a?(Numeric) ? number(string_value(n)) : string_value(n)
            flip ? scalar_compare(op, other, x) : scalar_compare(op, x, other)
          end
        end
        scalar_compare(op, a, b)
      end

      def scalar_compare(op, a, b)
        if op == "=" || op == "!="
          eq = if a == true || a == false || b == true || b == false
                 boolean(a) == boolean(b)
               elsif a.is_a?(Numeric) || b.is_a?(Numeric)
                 number(a) == number(b)
               else
                 string(a) == string(b)
               end
          return op == "=" ? eq : !eq
        end
        x = number(a)
        y = number(b)
        case op
        when "<" then x < y
        when ">" then x > y
        when "<=" then x <= y
        else x >= y
        end
      end

      def arith(op, a, b)
        a = a.to_f
        b = b.to_f
        case op
        when "+" then a + b
        when "-" then a - b
        when "mul" then a * b
        when "div" then a / b
        else
          return Float::NAN if b.zero?
          r = a.abs % b.abs
          a.negative? ? -r : r
        end
      end
    end
  end
end
