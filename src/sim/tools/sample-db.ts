/**
 * The sample shop database behind `db_query`. It is kept as SQL text in a module, not as a `.sql`
 * or `.sqlite` asset, so it is found the same way from `src/` under tsx and from `dist/` after
 * `tsc`, which copies no assets. The cities match the ones `weather_current` knows, so a lesson
 * can chain the two tools.
 */
export const SAMPLE_DB_SQL = `
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  country TEXT NOT NULL
);
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  price REAL NOT NULL
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  quantity INTEGER NOT NULL,
  ordered_at TEXT NOT NULL
);
INSERT INTO customers (id, name, city, country) VALUES
  (1, 'Alice Chen', 'San Francisco', 'United States'),
  (2, 'Bruno Costa', 'Lisbon', 'Portugal'),
  (3, 'Chloé Martin', 'Paris', 'France'),
  (4, 'Daniel Okoye', 'Nairobi', 'Kenya'),
  (5, 'Emma Walsh', 'London', 'United Kingdom'),
  (6, 'Kenji Sato', 'Tokyo', 'Japan'),
  (7, 'Li Wei', 'Beijing', 'China'),
  (8, 'Olivia Brown', 'Sydney', 'Australia');
INSERT INTO products (id, name, price) VALUES
  (1, 'Notebook', 4.5),
  (2, 'Fountain pen', 24.0),
  (3, 'Desk lamp', 39.9),
  (4, 'Coffee mug', 8.75),
  (5, 'Backpack', 59.0),
  (6, 'USB-C cable', 12.99);
INSERT INTO orders (id, customer_id, product_id, quantity, ordered_at) VALUES
  (1, 1, 3, 1, '2025-01-06'),
  (2, 1, 1, 4, '2025-01-06'),
  (3, 2, 4, 2, '2025-01-14'),
  (4, 3, 2, 1, '2025-01-21'),
  (5, 4, 5, 1, '2025-02-02'),
  (6, 5, 6, 3, '2025-02-11'),
  (7, 6, 1, 10, '2025-02-18'),
  (8, 7, 4, 6, '2025-02-25'),
  (9, 3, 5, 1, '2025-03-03'),
  (10, 8, 2, 2, '2025-03-10'),
  (11, 2, 6, 1, '2025-03-17'),
  (12, 6, 3, 1, '2025-03-24');
`;

/** A one-line summary of the schema, for the tool description the model reads. */
export const SAMPLE_DB_SCHEMA =
  'customers(id, name, city, country), products(id, name, price), orders(id, customer_id, product_id, quantity, ordered_at)';
