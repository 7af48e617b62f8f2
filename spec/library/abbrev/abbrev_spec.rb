# env: TZ=UTC
# oracle: system ruby 3.1, because abbrev is a bundled gem the oracle lacks
require "abbrev"
p Abbrev.abbrev(%w[car cone]).to_a
p %w[ruby rules].abbrev.to_a
p Abbrev.abbrev(%w[car cone], "co").to_a
p Abbrev.abbrev(%w[car cone], /c/).to_a
p Abbrev.abbrev(%w[a ab abc]).to_a
p Abbrev.abbrev([]).to_a
p Abbrev.abbrev(%w[summer summit sun]).sort
p Abbrev.abbrev(%w[x x]).to_a
