# GC.start and ObjectSpace.garbage_collect take only the keywords full_mark, immediate_mark and
# immediate_sweep; anything else is an ArgumentError
p GC.start
p GC.start(full_mark: false, immediate_sweep: true, immediate_mark: false)
begin; GC.start(global: false); rescue ArgumentError => e; p e.message; end
begin; GC.start(1); rescue ArgumentError => e; p e.message; end
begin; GC.start({full_mark: true}); rescue ArgumentError => e; p e.message; end
begin; ObjectSpace.garbage_collect(foo: 1, bar: 2); rescue ArgumentError => e; p e.message; end
p ObjectSpace.garbage_collect(full_mark: true)
