-- Issue 40: the admin CLI's withdraw-approve goes through the desk's four eyes (docs/console.md
-- "Four eyes"). An operator on the host approves as `cli:<os user>`, who has no staff row: such a
-- first approval has no staff id and keeps the audit actor as its account. The approver of a row
-- is therefore `staff:<first_staff_id>`, or first_staff_account when the id is null (a staff
-- account never holds ':'), and a second approval pays only when its actor differs.
ALTER TABLE finance_withdraw_approval ALTER COLUMN first_staff_id DROP NOT NULL;
ALTER TABLE finance_withdraw_approval ADD CONSTRAINT finance_withdraw_approval_cli_actor
  CHECK (first_staff_id IS NOT NULL OR first_staff_account LIKE 'cli:%');
