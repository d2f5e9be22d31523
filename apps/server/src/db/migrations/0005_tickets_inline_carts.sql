-- A ticket's cart (a few KiB of JSON) stays inside its row: no compression and no TOAST
-- table on the order intake's hot path. Larger carts are still toasted past 8 KiB.
ALTER TABLE "tickets" SET (toast_tuple_target = 8160);
