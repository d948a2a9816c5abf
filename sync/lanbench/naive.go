package lanbench

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"reflect"
	"sync"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// naiveCommand is a command as a naive device sends it: one JSON line.
type naiveCommand struct {
	Seat console.Seat   `json:"seat"`
	ID   string         `json:"id"`
	Name string         `json:"name"`
	Args map[string]any `json:"args,omitempty"`
}

// naiveUpdate is what a naive host sends every device after every change:
// the log's length and the whole game state.
type naiveUpdate struct {
	Seq   uint64 `json:"seq"`
	Error string `json:"error,omitempty"`
	State any    `json:"state,omitempty"`
}

// naiveHost is the naive design's host: the same engine, the rules' state
// value kept in step, and every change sent whole as JSON to every device.
type naiveHost struct {
	sess  *console.Session
	rules console.Rules
	ln    *countingListener

	mu    sync.Mutex // one command at a time, like a Session
	state console.State
	conns []net.Conn
	wg    sync.WaitGroup
}

// naiveDevice is a naive device: it decodes every state it is sent.
type naiveDevice struct {
	seat  console.Seat
	conn  net.Conn
	enc   *json.Encoder
	arr   *arrivals
	mu    sync.Mutex
	seqs  []uint64 // the seq of each update, by arrival
	state any      // the last state decoded
	err   error
	done  chan struct{}
}

// startNaive hosts a new game of s the naive way on 127.0.0.1:0 and
// connects n devices.
func startNaive(s *Script, n int) (*naiveHost, []*naiveDevice, error) {
	sess, err := s.NewSession()
	if err != nil {
		return nil, nil, err
	}
	enc, err := sess.EncodedState()
	if err != nil {
		return nil, nil, fmt.Errorf("lanbench: naive host: %w", err)
	}
	h := &naiveHost{sess: sess, rules: sess.Rules()}
	if h.state, err = h.rules.DecodeState(enc); err != nil {
		return nil, nil, fmt.Errorf("lanbench: naive host: %w", err)
	}
	stateType := reflect.TypeOf(h.state)
	if stateType.Kind() != reflect.Pointer {
		return nil, nil, fmt.Errorf("lanbench: naive host: the state is a %s, not a pointer", stateType)
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return nil, nil, fmt.Errorf("lanbench: naive host: %w", err)
	}
	h.ln = &countingListener{Listener: ln}
	var devices []*naiveDevice
	fail := func(err error) (*naiveHost, []*naiveDevice, error) {
		h.close(devices)
		return nil, nil, err
	}
	for i := range n {
		dc, err := net.Dial("tcp4", ln.Addr().String())
		if err != nil {
			return fail(fmt.Errorf("lanbench: naive device %d: %w", i+1, err))
		}
		hc, err := h.ln.Accept()
		if err != nil {
			dc.Close()
			return fail(fmt.Errorf("lanbench: naive host: accept: %w", err))
		}
		h.conns = append(h.conns, hc)
		h.wg.Add(1)
		go h.serve(hc)
		d := &naiveDevice{seat: DeviceSeat(i), conn: dc, enc: json.NewEncoder(dc), arr: newArrivals(), done: make(chan struct{})}
		go d.read(stateType.Elem())
		devices = append(devices, d)
	}
	return h, devices, nil
}

// serve reads one device's commands and runs them.
func (h *naiveHost) serve(c net.Conn) {
	defer h.wg.Done()
	dec := json.NewDecoder(bufio.NewReader(c))
	for {
		var cmd naiveCommand
		if err := dec.Decode(&cmd); err != nil {
			return
		}
		h.command(c, cmd)
	}
}

// command runs cmd and sends the whole state to every device, or the
// refusal to the device that sent it.
func (h *naiveHost) command(from net.Conn, cmd naiveCommand) {
	h.mu.Lock()
	defer h.mu.Unlock()
	res, err := h.sess.Do(cmd.Seat, console.Command{ID: cmd.ID, Name: cmd.Name, Args: cmd.Args})
	if err == nil {
		for _, e := range res.Events {
			if h.state, err = h.rules.Apply(h.state, e); err != nil {
				break
			}
		}
	}
	if err != nil {
		b, _ := json.Marshal(naiveUpdate{Error: err.Error()})
		from.Write(append(b, '\n'))
		return
	}
	b, err := json.Marshal(naiveUpdate{Seq: h.sess.Meta().LastSeq, State: h.state})
	if err != nil {
		b, _ = json.Marshal(naiveUpdate{Error: err.Error()})
		from.Write(append(b, '\n'))
		return
	}
	b = append(b, '\n')
	for _, c := range h.conns {
		c.Write(b)
	}
}

// close closes every connection and waits for the host's goroutines.
func (h *naiveHost) close(devices []*naiveDevice) {
	for _, d := range devices {
		d.conn.Close()
	}
	h.mu.Lock()
	for _, c := range h.conns {
		c.Close()
	}
	h.mu.Unlock()
	if h.ln != nil {
		h.ln.Close()
	}
	h.wg.Wait()
	for _, d := range devices {
		<-d.done
	}
}

// read decodes every update into a new value of the state type t.
func (d *naiveDevice) read(t reflect.Type) {
	defer close(d.done)
	dec := json.NewDecoder(bufio.NewReader(d.conn))
	for {
		st := reflect.New(t).Interface()
		u := naiveUpdate{State: st}
		if err := dec.Decode(&u); err != nil {
			d.mu.Lock()
			d.err = err
			d.mu.Unlock()
			return
		}
		d.mu.Lock()
		if u.Error != "" {
			d.err = errors.New(u.Error)
		} else {
			d.seqs = append(d.seqs, u.Seq)
			d.state = st
		}
		d.mu.Unlock()
		d.arr.arrived()
	}
}

// do sends a command to the host.
func (d *naiveDevice) do(st Step) error {
	return d.enc.Encode(naiveCommand{Seat: st.Seat, ID: st.Cmd.ID, Name: st.Cmd.Name, Args: st.Cmd.Args})
}

// RunNaive replays s the naive way with n devices on 127.0.0.1 and
// measures its Steps (the Prelude is played first, unmeasured). At the end
// the state the devices hold is checked against the engine's.
func RunNaive(s *Script, n int) (Measure, error) {
	if n < 2 {
		return Measure{}, fmt.Errorf("lanbench: %d devices: the two players need two", n)
	}
	h, devices, err := startNaive(s, n)
	if err != nil {
		return Measure{}, err
	}
	defer h.close(devices)
	var t tally
	for i, st := range s.All() {
		var actor *naiveDevice
		for _, d := range devices {
			if d.seat == st.Seat {
				actor = d
				break
			}
		}
		if actor == nil {
			return Measure{}, fmt.Errorf("lanbench: no naive device plays %s", st.Seat)
		}
		base := make([]int, len(devices))
		for j, d := range devices {
			base[j] = d.arr.count()
		}
		b0 := h.ln.written()
		t0 := time.Now()
		if err := actor.do(st); err != nil {
			return Measure{}, fmt.Errorf("lanbench: naive command %d: %w", i+1, err)
		}
		deadline := t0.Add(stepTimeout)
		var last time.Time
		for j, d := range devices {
			at, err := d.arr.wait(base[j]+1, deadline)
			if err != nil {
				return Measure{}, fmt.Errorf("lanbench: naive command %d, device %d: %w", i+1, j+1, err)
			}
			d.mu.Lock()
			seq, derr := d.seqs[len(d.seqs)-1], d.err
			d.mu.Unlock()
			if derr != nil {
				return Measure{}, fmt.Errorf("lanbench: naive command %d (%s %s), device %d: %w", i+1, st.Seat, st.Cmd.Name, j+1, derr)
			}
			if want := st.After[st.Seat].LastSeq; seq != want {
				return Measure{}, fmt.Errorf("lanbench: naive command %d, device %d: state at event %d, want %d", i+1, j+1, seq, want)
			}
			if at.After(last) {
				last = at
			}
		}
		if i >= len(s.Prelude) {
			t.add(last.Sub(t0), h.ln.written()-b0, len(devices))
		}
	}
	// The state the devices decoded is the engine's.
	want, err := h.sess.EncodedState()
	if err != nil {
		return Measure{}, err
	}
	for j, d := range devices {
		d.mu.Lock()
		st := d.state
		d.mu.Unlock()
		got, err := h.rules.EncodeState(st)
		if err != nil {
			return Measure{}, fmt.Errorf("lanbench: naive device %d: %w", j+1, err)
		}
		if string(got) != string(want) {
			return Measure{}, fmt.Errorf("lanbench: naive device %d holds a state other than the engine's", j+1)
		}
	}
	return t.measure(DesignNaive, n), nil
}
