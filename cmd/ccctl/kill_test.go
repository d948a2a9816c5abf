//go:build unix

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// ccctlProcess returns a command that runs this test binary as ccctl.
func ccctlProcess(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	return cmd
}

// TestKillMidScript is the durability scenario: a ccctl script process is
// fed commands one by one through a pipe and acknowledges each (with
// --progress, after its events are committed); it is killed with SIGKILL in
// the middle of a burst. A new process then reads the game: every
// acknowledged command must be in the log, and the log must be a clean
// prefix of what was sent.
func TestKillMidScript(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	// A separate process makes the game, as a user would.
	out, err := ccctlProcess(t, "--db", db, "new", "--system", "scorepad", "--seats", "a,b", "--seed", "5").Output()
	if err != nil {
		t.Fatalf("ccctl new: %v", err)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(out, &created); err != nil || created.ID == "" {
		t.Fatalf("ccctl new printed %q (%v)", out, err)
	}

	proc := ccctlProcess(t, "script", "-", "--game", created.ID, "--progress", "--db", db)
	stdin, err := proc.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := proc.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	proc.Stdout = io.Discard
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			_ = proc.Process.Kill()
			_ = proc.Wait()
		}
	}()
	acks := make(chan string)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			acks <- sc.Text()
		}
		close(acks)
	}()

	// line i adds i points to a: history text "a +i in round 1".
	line := func(i int) string {
		return fmt.Sprintf(`{"seat":"b","cmd":"add","args":{"player":"a","points":%d}}`+"\n", i)
	}
	const acked, burst = 25, 40
	for i := 1; i <= acked; i++ {
		if _, err := io.WriteString(stdin, line(i)); err != nil {
			t.Fatalf("write line %d: %v", i, err)
		}
		select {
		case ack, ok := <-acks:
			if !ok {
				t.Fatalf("ccctl script ended before acknowledging line %d", i)
			}
			if want := fmt.Sprintf(`{"line":%d,"seq":%d}`, i, i); ack != want {
				t.Fatalf("ack of line %d: got %q, want %q", i, ack, want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no acknowledgement of line %d within 20 s", i)
		}
	}
	// A burst nobody waits for, then the kill in the middle of it.
	var batch strings.Builder
	for i := acked + 1; i <= acked+burst; i++ {
		batch.WriteString(line(i))
	}
	if _, err := io.WriteString(stdin, batch.String()); err != nil {
		t.Fatalf("write burst: %v", err)
	}
	time.Sleep(2 * time.Millisecond)
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	killed = true
	err = proc.Wait()
	if ws, ok := proc.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("ccctl script was not killed by SIGKILL: %v (%v)", proc.ProcessState, err)
	}
	for range acks { // drain what it said before dying
	}

	// A new process reads the game.
	out, err = ccctlProcess(t, "--db", db, "log", created.ID).Output()
	if err != nil {
		t.Fatalf("ccctl log after the kill: %v", err)
	}
	var log struct {
		History []struct {
			Seq  uint64
			Text string
		}
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("ccctl log printed %q: %v", out, err)
	}
	if len(log.History) < acked {
		t.Fatalf("the log has %d commands, but %d were acknowledged before the kill", len(log.History), acked)
	}
	if len(log.History) > acked+burst {
		t.Fatalf("the log has %d commands, more than the %d sent", len(log.History), acked+burst)
	}
	total := 0
	for i, h := range log.History {
		n := i + 1
		if want := fmt.Sprintf("a %+d in round 1", n); h.Seq != uint64(n) || h.Text != want {
			t.Errorf("log line %d: got seq %d %q, want seq %d %q", n, h.Seq, h.Text, n, want)
		}
		total += n
	}
	t.Logf("%d acknowledged, %d in the log after SIGKILL", acked, len(log.History))

	out, err = ccctlProcess(t, "--db", db, "view", created.ID, "--seat", "a").Output()
	if err != nil {
		t.Fatalf("ccctl view after the kill: %v", err)
	}
	var view struct {
		LastSeq int `json:"seq"`
		View    struct {
			Players []struct{ Total int }
		}
	}
	if err := json.Unmarshal(out, &view); err != nil {
		t.Fatalf("ccctl view printed %q: %v", out, err)
	}
	if view.LastSeq != len(log.History) || len(view.View.Players) != 2 || view.View.Players[0].Total != total {
		t.Errorf("view after the kill: got %s, want seq %d and a's total %d", out, len(log.History), total)
	}
}

// TestDoProcesses runs separate ccctl do processes, as a shell script
// would: each exits after its command is stored, and the next sees it.
func TestDoProcesses(t *testing.T) {
	t.Parallel()
	db := tempDB(t)
	out, err := ccctlProcess(t, "--db", db, "new", "--system", "scorepad", "--seats", "a,b").Output()
	if err != nil {
		t.Fatalf("ccctl new: %v", err)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(out, &created); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		out, err := ccctlProcess(t, "do", created.ID, "--db", db, "--seat", "a", "add", "player=b", fmt.Sprintf("points=%d", i)).Output()
		if err != nil {
			t.Fatalf("ccctl do %d: %v", i, err)
		}
		var res struct{ Seq int }
		if err := json.Unmarshal(out, &res); err != nil || res.Seq != i {
			t.Fatalf("ccctl do %d printed %s (%v); want seq %d", i, out, err, i)
		}
	}
	// A rejected command exits 1 with one line on stderr and the refusal
	// as JSON on stdout.
	cmd := ccctlProcess(t, "do", created.ID, "--db", db, "--seat", "a", "add", "player=zoe", "points=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("rejected do: got %v, want exit status 1", err)
	}
	if !bytes.Contains(out, []byte(`"reason": "`)) || !strings.HasPrefix(stderr.String(), "ccctl: do: ") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("rejected do: stdout %q, stderr %q", out, stderr.String())
	}
}
