-- Issue 40 §5: the finance desk (docs/console.md "Finance desk").
-- Four eyes: a withdrawal at or above WITHDRAW_SECOND_APPROVAL_MINOR is paid only by a second
-- approver. The first approval is recorded here (one row per order); the second approver, who must
-- be another staff member, pays it through payment's approveWithdraw in the same transaction as
-- the audit row. The order's own status stays 'pending' until then, so the player sees no change.
CREATE TABLE finance_withdraw_approval (
  order_no text PRIMARY KEY,
  first_staff_id bigint NOT NULL REFERENCES staff (id),
  first_staff_account text NOT NULL,
  first_reason text NOT NULL,
  first_at bigint NOT NULL
);
