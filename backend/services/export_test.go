package services

import "deepcritical/backend/store"

// storeForTest is the open database, for tests that check what a service stored.
func (c *Container) storeForTest() (*store.Store, error) {
	b := c.backing.get()
	if b.store == nil {
		return nil, b.err
	}
	return b.store, nil
}

// store is the open database (nil when it did not open), for tests.
func (c *Container) store() *store.Store { return c.backing.get().store }
