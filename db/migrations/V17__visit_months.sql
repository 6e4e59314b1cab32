-- Per calendar month of office days (YYYY-MM), each dimension's counts: the sums of the
-- month's rows in `visit_days`, kept by the same roll-up. Visitors sum exactly (a new salt
-- each day). A report reads its whole months here and its partial edge months' days from
-- `visit_days`, so a year reads twelve rows per value instead of 365.
CREATE TABLE visit_months (
    month TEXT NOT NULL,
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    views INTEGER NOT NULL,
    visitors INTEGER NOT NULL,
    PRIMARY KEY (kind, month, value)
) STRICT, WITHOUT ROWID;

INSERT INTO visit_months (month, kind, value, views, visitors)
SELECT substr(day, 1, 7), kind, value, sum(views), sum(visitors)
FROM visit_days GROUP BY substr(day, 1, 7), kind, value;
