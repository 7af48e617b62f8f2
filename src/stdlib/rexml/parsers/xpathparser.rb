# rexml/parsers/xpathparser: reads an XPath 1.0 expression into the tree REXML::XPath
# evaluates (written for rubra): location paths (absolute, relative, `//`, `.`, `..`, `@`,
# the thirteen axes, name tests with prefixes and `*`, node(), text(), comment(),
# processing-instruction()), predicates, filter expressions, unions, the operators and
# function calls. A path that does not parse raises REXML::ParseException.
#
# The tree is made of arrays: [:path, absolute, steps], [:filter, expr, predicates, steps],
# [:union, a, b], [:or, a, b], [:and, a, b], [:compare, op, a, b], [:arith, op, a, b],
# [:neg, a], [:literal, s], [:number, f], [:var, name], [:call, name, args]; a step is
# [axis, test, predicates] with test [:name, prefix, local], [:any, prefix] or
# [:type, kind, literal].

module REXML
  module Parsers
    class XPathParser
      AXES = %w[ancestor ancestor-or-self attribute child descendant descendant-or-self
                following following-sibling namespace parent preceding preceding-sibling
                self].freeze
      NODE_TYPES = %w[node text comment processing-instruction].freeze
      OPERATOR_NAMES = %w[and or div mod].freeze
      TOKEN = %r{\s*(?:
        (?<num>\d+(?:\.\d*)?|\.\d+)|
        (?<str>"[^"]*"|'[^']*')|
        (?<op>//|::|!=|<=|>=|\.\.|[/()\[\]@,|=<>+\-*.$])|
        (?<name>[A-Za-z_\u0080-\u{10FFFF}][-A-Za-z0-9_.\u0080-\u{10FFFF}]*(?::(?:\*|[A-Za-z_\u0080-\u{10FFFF}][-A-Za-z0-9_.\u0080-\u{10FFFF}]*))?)
      )}x

      def parse(path)
        @path = path.to_s
        @tokens = tokenize(@path)
        @i = 0
        tree = or_expr
        fail_at unless @i == @tokens.size
        tree
      end

      private

      def tokenize(s)
        tokens = []
        pos = 0
        while pos < s.length
          rest = s[pos..]
          break if rest.strip.empty?
          m = TOKEN.match(rest)
          raise ParseException.new("Invalid XPath: #{@path}") unless m && m.begin(0).zero?
          pos += m[0].length
          if m[:num]
            tokens << [:number, m[:num].to_f]
          elsif m[:str]
            tokens << [:literal, m[:str][1...-1]]
          elsif m[:op]
            op = m[:op]
            op = "mul" if op == "*" && operator_position?(tokens)
            tokens << [:op, op]
          else
            name = m[:name]
            if OPERATOR_NAMES.include?(name) && operator_position?(tokens)
              tokens << [:op, name]
            else
              tokens << [:name, name]
            end
          end
        end
        tokens
      end

      # Whether a `*` or an operator name here is an operator (XPath 1.0, 3.7): there is a
      # preceding token and it is not @ :: ( [ , or an operator.
      def operator_position?(tokens)
        last = tokens.last
        return false unless last
        return true unless last[0] == :op
        [")", "]", "..", "."].include?(last[1])
      end

      def peek(k = 0)
        @tokens[@i + k]
      end

      def op?(value, k = 0)
        t = peek(k)
        t && t[0] == :op && t[1] == value
      end

      def take
        t = @tokens[@i]
        @i += 1
        t
      end

      def expect(value)
        fail_at unless op?(value)
        take
      end

      def fail_at
        raise ParseException.new("Invalid XPath: #{@path}")
      end

      def binary(ops, kind, next_level)
        left = send(next_level)
        while (t = peek) && t[0] == :op && ops.include?(t[1])
          take
          right = send(next_level)
          left = kind == :logic ? [t[1].to_sym, left, right] : [kind, t[1], left, right]
        end
        left
      end

      def or_expr
        binary(%w[or], :logic, :and_expr)
      end

      def and_expr
        binary(%w[and], :logic, :equality_expr)
      end

      def equality_expr
        binary(%w[= !=], :compare, :relational_expr)
      end

      def relational_expr
        binary(%w[< > <= >=], :compare, :additive_expr)
      end

      def additive_expr
        binary(%w[+ -], :arith, :multiplicative_expr)
      end

      def multiplicative_expr
        binary(%w[mul div mod], :arith, :unary_expr)
      end

      def unary_expr
        if op?("-")
          take
          return [:neg, unary_expr]
        end
        union_expr
      end

      def union_expr
        left = path_expr
        while op?("|")
          take
          left = [:union, left, path_expr]
        end
        left
      end

      def path_expr
        t = peek
        fail_at unless t
        primary = t[0] == :number || t[0] == :literal || op?("(") || op?("$") ||
                  (t[0] == :name && op?("(", 1) && !NODE_TYPES.include?(t[1]))
        return location_path unless primary
        expr = primary_expr
        preds = predicates
        steps = []
        if op?("/") || op?("//")
          steps = relative_path(take[1] == "//")
        end
        return expr if preds.empty? && steps.empty?
        [:filter, expr, preds, steps]
      end

      def primary_expr
        t = take
        case t[0]
        when :number, :literal then t
        when :name
          expect("(")
          args = []
          unless op?(")")
            args << or_expr
            while op?(",")
              take
              args << or_expr
            end
          end
          expect(")")
          [:call, t[1], args]
        else
          if t[1] == "("
            e = or_expr
            expect(")")
            e
          else
            name = take
            fail_at unless name && name[0] == :name
            [:var, name[1]]
          end
        end
      end

      def location_path
        if op?("/")
          take
          t = peek
          starts_step = t && (t[0] == :name || op?("@") || op?(".") || op?("..") || op?("*") || op?("mul"))
          return [:path, true, starts_step ? relative_path(false) : []]
        end
        if op?("//")
          take
          return [:path, true, relative_path(true)]
        end
        [:path, false, relative_path(false)]
      end

      DESCENDANT_OR_SELF = [:"descendant-or-self", [:type, "node", nil], []].freeze

      def relative_path(leading_double)
        steps = []
        steps << DESCENDANT_OR_SELF if leading_double
        steps << step
        loop do
          if op?("/")
            take
          elsif op?("//")
            take
            steps << DESCENDANT_OR_SELF
          else
            break
          end
          steps << step
        end
        fold_descendants(steps)
      end

      # `//name` without predicates is descendant::name (the same nodes, found in one walk
      # and already in document order).
      def fold_descendants(steps)
        out = []
        steps.each do |s|
          if out.last.equal?(DESCENDANT_OR_SELF) && s[0] == :child && s[2].empty?
            out[-1] = [:descendant, s[1], []]
          else
            out << s
          end
        end
        out
      end

      def step
        if op?(".")
          take
          return [:self, [:type, "node", nil], []]
        end
        if op?("..")
          take
          return [:parent, [:type, "node", nil], []]
        end
        axis = :child
        if op?("@")
          take
          axis = :attribute
        elsif (t = peek) && t[0] == :name && op?("::", 1)
          fail_at unless AXES.include?(t[1])
          axis = t[1].to_sym
          take
          take
        end
        [axis, node_test, predicates]
      end

      def node_test
        t = take
        fail_at unless t
        return [:any, nil] if t[0] == :op && (t[1] == "*" || t[1] == "mul")
        fail_at unless t[0] == :name
        name = t[1]
        if NODE_TYPES.include?(name) && op?("(")
          take
          literal = nil
          literal = take[1] if peek && peek[0] == :literal
          expect(")")
          return [:type, name, literal]
        end
        if (i = name.index(":"))
          prefix = name[0, i]
          local = name[i + 1..]
          return [:any, prefix] if local == "*"
          return [:name, prefix, local]
        end
        [:name, nil, name]
      end

      def predicates
        preds = []
        while op?("[")
          take
          preds << or_expr
          expect("]")
        end
        preds
      end
    end
  end
end
