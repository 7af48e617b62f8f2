# frozen_string_literal: true
#
# singleton: `include Singleton` gives a class exactly one instance, made on the first call of
# `instance`; `new` and `allocate` become private, and the instance refuses `dup` and `clone`.
# Each subclass (and each clone of the class) has its own instance. Written for rubra.

module Singleton
  VERSION = "0.3.0"

  # What the one instance answers.
  module SingletonInstanceMethods
    def clone
      raise TypeError, "can't clone instance of singleton #{self.class}"
    end

    def dup
      raise TypeError, "can't dup instance of singleton #{self.class}"
    end

    # Marshal writes nothing for the instance; `_load` answers the instance again.
    def _dump(depth = -1)
      ""
    end
  end
  include SingletonInstanceMethods

  # What a singleton class answers.
  module SingletonClassMethods
    def clone
      Singleton.__init__(super)
    end

    def _load(str)
      instance
    end

    def instance
      @singleton__instance__ ||= new
    end

    private

    def inherited(sub)
      super
      Singleton.__init__(sub)
    end

    def set_instance(value)
      @singleton__instance__ = value
    end

    def set_mutex(value)
      @singleton__mutex__ = value
    end
  end

  # What Singleton itself answers: the hooks that run when a class includes it.
  module SingletonClassProperties
    # Makes `klass` a singleton class with no instance yet; answers it.
    def __init__(klass)
      klass.__send__(:set_instance, nil)
      klass.__send__(:set_mutex, nil)
      klass
    end

    private

    def append_features(mod)
      unless mod.instance_of?(Class)
        raise TypeError, "Inclusion of the OO-Singleton module in module #{mod}"
      end
      super
    end

    def included(klass)
      super
      klass.private_class_method :new, :allocate
      klass.extend SingletonClassMethods
      Singleton.__init__(klass)
    end
  end
  extend SingletonClassProperties
end
