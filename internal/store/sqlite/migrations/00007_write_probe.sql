-- One row the store rewrites to find out whether the database can be
-- written: at every Open, and while its writes fail (DB.Health). SQLite
-- skips a row rewritten with the same contents, so each probe counts.
-- +goose Up
CREATE TABLE write_probe (id INTEGER PRIMARY KEY CHECK (id = 1), probes INTEGER NOT NULL);
INSERT INTO write_probe (id, probes) VALUES (1, 0);

-- +goose Down
DROP TABLE write_probe;
