-- Issue 40 "Aims": the finance desk's order lists (docs/bench.md "Operator console lists (issue 40)").
-- finance/deposits/list and finance/withdrawals/list page a tenant's orders newest first by
-- (created_at, order_no), optionally filtered by status, channel or days. Without an index in that
-- order each page read every order of the tenant, joined every player and sorted: 130-160 ms for
-- 50,000 deposits on an idle machine, p95 258 ms under load, growing with the table. With it a page
-- is one index range from the keyset cursor (the row comparison is an index condition) and 50
-- primary-key probes of users: under 1 ms. Filters on the index's rows (status, channel) skip
-- rows in the same walk; pending orders still use the partial *_pending_idx of migration 0101.
CREATE INDEX deposit_order_tenant_time_idx ON deposit_order (tenant_id, created_at DESC, order_no DESC);
CREATE INDEX withdraw_order_tenant_time_idx ON withdraw_order (tenant_id, created_at DESC, order_no DESC);
