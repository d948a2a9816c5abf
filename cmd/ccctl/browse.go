package main

import (
	"context"
	"fmt"
	"time"

	"github.com/commandconsole/commandconsole/sync/discovery"
)

// browseUsage is ccctl browse's usage line.
const browseUsage = "browse [--seconds N]"

// nearby is how ccctl browse finds the games on the network: mDNS (tests
// put an in-memory network here).
var nearby = func() discovery.Browser { return &discovery.MDNS{} }

// browse listens for Command Console games on the local network for a
// while and prints the last list it heard as JSON: each game's instance,
// addresses, port and what its announcement says (system, title, host,
// seats, open seats, game id, the host key's fingerprint).
func (c *cli) browse(args []string) error {
	fs := newFlags("browse")
	secs := fs.Float64("seconds", 3, "how long to listen, 0.1 to 60")
	if _, err := parse(fs, args, browseUsage, 0, 0); err != nil {
		return err
	}
	if *secs < 0.1 || *secs > 60 {
		return usagef("--seconds %v: listen 0.1 to 60 seconds", *secs)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(*secs*float64(time.Second)))
	defer cancel()
	ch, err := nearby().Browse(ctx)
	if err != nil {
		return fmt.Errorf("listen for nearby games: %w", err)
	}
	list := []discovery.Entry{}
	for l := range ch {
		list = l
	}
	if list == nil {
		list = []discovery.Entry{}
	}
	return c.writeJSON(list)
}
