// Command seedhistory fills a DeepCritical database with generated runs (questions,
// evidence, events, reports) so the history view can be measured at scale.
package main

import (
	"context"
	"flag"
	"log"
	"time"

	"deepcritical/backend/store"
)

func main() {
	db := flag.String("db", "", "database file to create or extend")
	runs := flag.Int("runs", 10000, "runs to generate")
	evidence := flag.Int("evidence", 30, "evidence per run")
	events := flag.Int("events", 12, "events per run")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	if *db == "" {
		log.Fatal("seedhistory: -db is required")
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		log.Fatalf("seedhistory: %v", err)
	}
	defer st.Close()
	start := time.Now()
	if err := store.GenerateBenchData(ctx, st, *runs, *evidence, *events, *seed); err != nil {
		log.Fatalf("seedhistory: %v", err)
	}
	log.Printf("seedhistory: %d runs in %s", *runs, time.Since(start).Round(time.Millisecond))
}
