package console_test

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// toy is a minimal rule set for testing the engine itself: seats add to a
// shared total, roll dice in secret or in the open, and finish the game.
type toy struct{}

type toyState struct {
	Total    int                    `msgpack:"total"`
	Secret   map[console.Seat][]int `msgpack:"secret"`
	Open     []int                  `msgpack:"open"`
	Finished bool                   `msgpack:"finished"`
}

type toyEvent struct {
	N    int  `msgpack:"n"`
	Open bool `msgpack:"open"`
}

func (toy) Info() console.SystemInfo {
	return console.SystemInfo{ID: "toy", Name: "Toy", Kind: console.KindBoard, MinSeats: 1, MaxSeats: 4, Doc: "engine test game",
		Options: []console.ArgSpec{{Name: "start", Kind: console.ArgInt, Min: console.Bounds(0), Max: console.Bounds(100), Doc: "starting total"}}}
}

func (toy) Commands() []console.CommandSpec {
	return []console.CommandSpec{
		{Name: "add", Doc: "add to the total", When: "until finished", Args: []console.ArgSpec{
			{Name: "n", Kind: console.ArgInt, Required: true, Min: console.Bounds(-5), Max: console.Bounds(5), Doc: "amount"}}},
		{Name: "roll", Doc: "roll a die", When: "until finished", Args: []console.ArgSpec{
			{Name: "sides", Kind: console.ArgInt, Required: true, Min: console.Bounds(2), Max: console.Bounds(100), Doc: "die size"},
			{Name: "open", Kind: console.ArgBool, Doc: "roll where everyone sees it"}}},
		{Name: "gamble", Doc: "roll a d6 and refuse on a 1 (tests dice restore on refusal)", When: "until finished"},
		{Name: "finish", Doc: "end the game", When: "until finished"},
		{Name: "peek", Doc: "roll a d6 and produce nothing (tests dice restore on a no-op)", When: "until finished"},
	}
}

func (toy) New(setup console.Setup) (console.State, error) {
	st := &toyState{Secret: map[console.Seat][]int{}}
	if v, ok := setup.Options["start"]; ok {
		fmt.Sscan(v, &st.Total)
	}
	return st, nil
}

func (toy) Decide(s console.State, seat console.Seat, cmd console.Command, d *console.Dice) ([]console.Event, error) {
	st := s.(*toyState)
	if st.Finished {
		return nil, console.Reject("the game is over")
	}
	args := console.Args(cmd.Args)
	var ev console.Event
	var err error
	switch cmd.Name {
	case "add":
		ev, err = console.NewEvent("added", toyEvent{N: args.Int("n")})
	case "roll":
		ev, err = console.NewEvent("rolled", toyEvent{N: d.Roll(args.Int("sides")), Open: args.Bool("open")})
		ev.Barrier = args.Bool("open")
	case "gamble":
		n := d.Roll(6)
		if n == 1 {
			return nil, console.Reject("rolled a 1")
		}
		ev, err = console.NewEvent("added", toyEvent{N: n})
	case "finish":
		ev, err = console.NewEvent("finished", toyEvent{})
	case "peek":
		d.Roll(6)
		return nil, nil
	}
	return []console.Event{ev}, err
}

func (toy) Apply(s console.State, e console.Event) (console.State, error) {
	st := s.(*toyState)
	var p toyEvent
	if err := console.Decode(e.Data, &p); err != nil {
		return nil, err
	}
	switch e.Type {
	case "added":
		st.Total += p.N
	case "rolled":
		if p.Open {
			st.Open = append(st.Open, p.N)
		} else {
			st.Secret[e.Seat] = append(st.Secret[e.Seat], p.N)
		}
	case "finished":
		st.Finished = true
	default:
		return nil, fmt.Errorf("unknown event %q", e.Type)
	}
	return st, nil
}

type toyView struct {
	Total    int   `json:"total"`
	Mine     []int `json:"mine"`
	Open     []int `json:"open"`
	Finished bool  `json:"finished"`
}

func (toy) View(s console.State, seat console.Seat) console.View {
	st := s.(*toyState)
	return toyView{Total: st.Total, Mine: st.Secret[seat], Open: st.Open, Finished: st.Finished}
}

func (toy) Status(s console.State) console.Status {
	st := s.(*toyState)
	return console.Status{Finished: st.Finished, Summary: fmt.Sprintf("total %d", st.Total)}
}

func (toy) Describe(s console.State, e console.Event, seat console.Seat) (string, bool) {
	if e.Type == "rolled" && e.Seat != seat {
		var p toyEvent
		_ = console.Decode(e.Data, &p)
		if !p.Open {
			return "", false
		}
	}
	return fmt.Sprintf("%s: %s", e.Seat, e.Type), true
}

func (toy) Undoable(s console.State, seat console.Seat, last []console.Event) error {
	if last[0].Seat != seat {
		return console.Reject("only %s can undo their own command", last[0].Seat)
	}
	return nil
}

func (toy) EncodeState(s console.State) ([]byte, error) { return console.Encode(s) }

func (toy) DecodeState(b []byte) (console.State, error) {
	st := &toyState{}
	if err := console.Decode(b, st); err != nil {
		return nil, err
	}
	if st.Secret == nil {
		st.Secret = map[console.Seat][]int{}
	}
	return st, nil
}
