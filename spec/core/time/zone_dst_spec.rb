# env: TZ=America/New_York
# Choosing between the two readings of a repeated wall clock (Time.new's :dst / :std zone, the
# isdst field of Time.local's ten-argument form), arithmetic across transitions and local times
# in far years (the zone's rules repeat every 400 years). Expected output comes from the system
# ruby (3.1) under TZ=America/New_York; only API shared by 3.1 and 4.0 is used.
def t(s)
  r = yield
  puts "#{s} => #{r.inspect}"
rescue => e
  puts "#{s} !! #{e.class}: #{e.message}"
end

t("Time.new(2023, 11, 5, 1, 30, 0, :dst)") { Time.new(2023, 11, 5, 1, 30, 0, :dst) }
t("Time.new(2023, 11, 5, 1, 30, 0, :std)") { Time.new(2023, 11, 5, 1, 30, 0, :std) }
t("Time.new(2023, 11, 5, 1, 30, 0)") { Time.new(2023, 11, 5, 1, 30, 0) }
t("Time.new(2023, 11, 5, 1, 30, 0, :dst).dst?") { Time.new(2023, 11, 5, 1, 30, 0, :dst).dst? }
t("Time.new(2023, 3, 12, 2, 30, 0, :dst)") { Time.new(2023, 3, 12, 2, 30, 0, :dst) }
t("Time.new(2023, 3, 12, 2, 30, 0, :std)") { Time.new(2023, 3, 12, 2, 30, 0, :std) }
t("Time.new(2023, 7, 1, 12, 0, 0, :std)") { Time.new(2023, 7, 1, 12, 0, 0, :std) }
t("Time.new(2023, 1, 1, 12, 0, 0, :dst)") { Time.new(2023, 1, 1, 12, 0, 0, :dst) }
t("Time.new(2023, 6, 1, in: :dst)") { Time.new(2023, 6, 1, in: :dst) }
t("Time.new(2023, 11, 5, 1, 30, 0, :dst) <=> Time.local(2023, 11, 5, 1, 30)") do
  Time.new(2023, 11, 5, 1, 30, 0, :dst) <=> Time.local(2023, 11, 5, 1, 30)
end
t("Time.local(0, 30, 1, 5, 11, 2023, nil, nil, true, nil)") { Time.local(0, 30, 1, 5, 11, 2023, nil, nil, true, nil) }
t("Time.local(0, 30, 1, 5, 11, 2023, nil, nil, false, nil)") { Time.local(0, 30, 1, 5, 11, 2023, nil, nil, false, nil) }
a = Time.at(1699162200)
t("a") { a }
t("a.to_a") { a.to_a }
t("Time.local(*a.to_a)") { Time.local(*a.to_a) }
t("Time.local(*a.to_a) == a") { Time.local(*a.to_a) == a }
t("Time.local(2023, 11, 5, 0, 59, 59) + 1") { Time.local(2023, 11, 5, 0, 59, 59) + 1 }
t("Time.local(2023, 11, 5, 0, 59, 59) + 3601") { Time.local(2023, 11, 5, 0, 59, 59) + 3601 }
t("Time.local(2023, 3, 12, 1, 59, 59) + 1") { Time.local(2023, 3, 12, 1, 59, 59) + 1 }
t("Time.local(2023, 3, 12, 1, 30) + 1.5") { Time.local(2023, 3, 12, 1, 30) + 1.5 }
t("Time.local(2023, 11, 6) - Time.local(2023, 11, 5)") { Time.local(2023, 11, 6) - Time.local(2023, 11, 5) }
t("Time.local(2023, 3, 13) - Time.local(2023, 3, 12)") { Time.local(2023, 3, 13) - Time.local(2023, 3, 12) }
t("(Time.local(2023, 11, 5, 0, 30) + 7200).zone") { (Time.local(2023, 11, 5, 0, 30) + 7200).zone }
[10000, 12345, 99999, 1000000, -10000, 1, 0, -1].each do |y|
  t("Time.local(#{y}, 7, 1, 12)") do
    a = Time.local(y, 7, 1, 12)
    [a, a.zone, a.dst?, a.to_i, Time.at(a.to_i).inspect]
  end
  t("Time.local(#{y}, 1, 1, 12).zone") { Time.local(y, 1, 1, 12).zone }
end
t("Time.at(2**40)") { Time.at(2**40) }
t("Time.at(-2**40)") { Time.at(-2**40) }
