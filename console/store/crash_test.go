package store

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// helperEnv names the save file TestHelperAppender appends to; the test is
// skipped when it is unset.
const helperEnv = "COMMANDCONSOLE_STORE_TEST_APPENDER"

// crashGame is the game the appender grows.
const crashGame = "crash"

// crashEvent is event seq as the appender writes it.
func crashEvent(seq uint64) console.Event {
	data, _ := console.Encode(map[string]uint64{"n": seq, "sq": seq * seq})
	return console.Event{Seq: seq, Type: "tick", Seat: "a", Cmd: fmt.Sprintf("c%d", seq), Data: data}
}

// TestHelperAppender is not a test: TestCrashDurability runs the test
// binary again with only this test selected and helperEnv set. It appends
// one event per transaction to crashGame, printing "ack N" after Append N
// has returned, until it is killed.
func TestHelperAppender(t *testing.T) {
	path := os.Getenv(helperEnv)
	if path == "" {
		t.Skip("helper process for TestCrashDurability")
	}
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "appender:", err)
		os.Exit(3)
	}
	db, err := Open(path)
	if err != nil {
		fail(err)
	}
	meta, err := db.Meta(crashGame)
	if err != nil {
		fail(err)
	}
	out := bufio.NewWriter(os.Stdout)
	for range 1_000_000 {
		seq := meta.LastSeq + 1
		meta.LastSeq = seq
		meta.Updated = time.Now()
		if err := db.Append(crashGame, []console.Event{crashEvent(seq)}, meta); err != nil {
			fail(err)
		}
		fmt.Fprintf(out, "ack %d\n", seq)
		if err := out.Flush(); err != nil {
			fail(err)
		}
	}
	os.Exit(0)
}

// TestCrashDurability kills a process appending to a save file at seeded
// random points and checks that every event it acknowledged survived and
// the log is whole. Each round appends to the file the last one left.
func TestCrashDurability(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crash.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, db, crashGame, 0)
	db.Close()

	rng := rand.New(rand.NewPCG(20250301, 1))
	rounds := 4
	if testing.Short() {
		rounds = 2
	}
	var acked uint64
	for round := range rounds {
		killAfter := 20 + rng.IntN(200)                           // acks to read this round
		delay := time.Duration(rng.IntN(3000)) * time.Microsecond // then run on a little

		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperAppender$", "-test.count=1")
		cmd.Env = append(os.Environ(), helperEnv+"="+path)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		n := 0
		sc := bufio.NewScanner(stdout)
		for n < killAfter && sc.Scan() {
			rest, ok := strings.CutPrefix(sc.Text(), "ack ")
			if !ok {
				continue
			}
			seq, err := strconv.ParseUint(rest, 10, 64)
			if err != nil || seq != acked+1 {
				cmd.Process.Kill()
				t.Fatalf("round %d: appender said %q after ack %d", round, sc.Text(), acked)
			}
			acked = seq
			n++
		}
		if n < killAfter {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("round %d: appender stopped after %d acks: %s", round, n, stderr.String())
		}
		time.Sleep(delay)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait() // "signal: killed"

		db, err := Open(path)
		if err != nil {
			t.Fatalf("round %d: reopen after kill: %v", round, err)
		}
		meta, snap, evs, err := db.Load(crashGame)
		db.Close()
		if err != nil {
			t.Fatalf("round %d: Load after kill: %v", round, err)
		}
		if snap != nil {
			t.Errorf("round %d: unexpected snapshot %+v", round, snap)
		}
		if meta.LastSeq < acked {
			t.Fatalf("round %d: killed after ack %d, but the log ends at %d", round, acked, meta.LastSeq)
		}
		if uint64(len(evs)) != meta.LastSeq {
			t.Fatalf("round %d: %d events, LastSeq %d", round, len(evs), meta.LastSeq)
		}
		for i, e := range evs {
			if want := crashEvent(uint64(i) + 1); !same(t, e, want) {
				t.Fatalf("round %d: event %d = %+v, want %+v", round, i+1, e, want)
			}
		}
		t.Logf("round %d: killed %v after ack %d; the log holds %d events", round, delay, acked, meta.LastSeq)
		acked = meta.LastSeq // events committed but not acknowledged count from here on
	}
}
