package lanbench

import (
	"testing"
)

func TestRunTiny(t *testing.T) {
	r, err := Run(Config{Clients: []int{2, 3}, Commands: 12})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Rows {
		t.Logf("%+v", m)
	}
	for _, c := range r.Compare {
		t.Logf("%+v", c)
	}
}
