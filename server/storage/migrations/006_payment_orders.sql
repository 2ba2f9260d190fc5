-- doc1 §4.9 'payment, then order create': a payment is authorised before its order exists; the order created after
-- it names the payment, and one payment pays for one order only. order_id is NULL until an order takes it.
ALTER TABLE payments ADD COLUMN order_id text;
CREATE UNIQUE INDEX payments_order_idx ON payments (order_id) WHERE order_id IS NOT NULL;
