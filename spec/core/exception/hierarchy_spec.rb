# Exception.exception, rescue matching across the hierarchy, custom class hierarchy
class AppError < StandardError; end
class DbError < AppError; end
class ConnError < DbError; end
def which(err)
  raise err
rescue ConnError
  "ConnError handler"
rescue DbError
  "DbError handler"
rescue AppError
  "AppError handler"
rescue StandardError
  "StandardError handler"
end
p which(ConnError)
p which(DbError)
p which(AppError)
p which(ArgumentError)
p ConnError.ancestors.take_while { _1 != Object }
p ConnError.superclass.superclass
p ConnError.new.is_a?(AppError)
p AppError.exception("via exception").message
p StandardError.subclasses.include?(AppError)
p (Exception.instance_method(:message).owner)
p [ZeroDivisionError, KeyError, StopIteration].map(&:superclass)
