package services

import "deepcritical/backend/store"

// storeForTest is the open database, for tests that check what a service stored.
func (c *Container) storeForTest() (*store.Store, error) {
	if c.store == nil {
		return nil, c.App.startupErr
	}
	return c.store, nil
}
