import { withDbName } from '../../src/lib/db';

describe('withDbName', () => {
  it('appends the database to a bare URI and keeps its options', () => {
    expect(withDbName('mongodb://127.0.0.1:27017/', 'cx')).toBe('mongodb://127.0.0.1:27017/cx');
    expect(withDbName('mongodb://mongo:27017/?replicaSet=rs0', 'cx')).toBe(
      'mongodb://mongo:27017/cx?replicaSet=rs0',
    );
  });
  it('keeps a database the URI already names, for multi-host and srv URIs too', () => {
    expect(withDbName('mongodb://a:1,b:2/prod?replicaSet=rs0', 'cx')).toBe(
      'mongodb://a:1,b:2/prod?replicaSet=rs0',
    );
    expect(withDbName('mongodb+srv://u:p@cluster.example.net/app', 'cx')).toBe(
      'mongodb+srv://u:p@cluster.example.net/app',
    );
  });
  it('refuses something that is not a MongoDB connection string', () => {
    expect(() => withDbName('http://example.com', 'cx')).toThrow(/mongodb/);
  });
});
