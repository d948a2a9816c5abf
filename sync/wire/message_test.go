package wire

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/vmihailenco/msgpack/v5"
)

var lobbySeats = []SeatInfo{
	{Seat: "alice", Device: "Ana's tablet", Taken: true, Connected: true, Ready: true},
	{Seat: "bob", Device: "Ben's phone", Taken: true},
	{Seat: "carol"},
}

var someLines = []console.HistoryLine{
	{Seq: 4, Seat: "alice", Type: "moved", Text: "Dorian moves to the crossing.", At: 1764000000000},
	{Seq: 5, Seat: "bob", Type: "phase-ended", Text: "The Action phase ends.", At: 1764000001000},
}

// catalog is one message of every kind, every field set, then the
// variants worth a case of their own. The fuzz targets start from it.
var catalog = []struct {
	name string
	msg  Message
	// loose: compare by re-encoding only (time.Time and any-typed values
	// come back equal but not DeepEqual).
	loose bool
}{
	{"hello client", NewHello(RoleClient, "0.1.0", "Ana's tablet"), false},
	{"hello host", NewHello(RoleHost, "0.1.0", ""), false},
	{"hello spectator", NewHello(RoleSpectator, "0.2.0-dev", "Club projector"), false},
	{"hello host with its game", Hello{Magic: Magic, Protocol: 1, MinProtocol: 1, App: "0.1.0", Role: RoleHost,
		Device: "Ben's tablet", Game: "g0123456789ab", Title: "Friday “fight”"}, false},
	{"hello not a console", Hello{Magic: "HTTP/", Protocol: 9}, false},
	{"refuse pin", Refuse{Code: RefuseWrongPIN, Message: "Wrong PIN: check the four digits on the host's screen."}, false},
	{"refuse rate limit", Refuse{Code: RefuseRateLimit, Message: "Too many wrong PINs: wait 30 seconds.", RetryAfterMs: 30000}, false},
	{"refuse version", (&VersionError{Local: NewHello(RoleHost, "0.3.0", ""), Peer: Hello{Magic: Magic, Protocol: 1, MinProtocol: 1, App: "0.1.0", Role: RoleClient}}).Refuse(), false},
	{"refuse seat taken", Refuse{Code: RefuseSeatTaken, Message: "Ben's phone holds bob's seat."}, false},
	{"refuse full", Refuse{Code: RefuseFull, Message: "Every seat is taken; join as a spectator."}, false},
	{"join with pin", Join{Game: "g0123456789ab", PIN: "0427", Seat: "alice"}, false},
	{"join any seat", Join{PIN: "0427"}, false},
	{"join spectator", Join{PIN: "0427", Seat: console.Public}, false},
	{"join reclaim", Join{Game: "g0123456789ab", Token: "5f1c0ffee5f1c0ffee5f1c0ffee5f1c0", Seat: "bob", LastSeq: 41}, false},
	{"joined", Joined{Seat: "alice", Token: "5f1c0ffee5f1c0ffee5f1c0ffee5f1c0", Seats: lobbySeats, Game: console.GameInfo{
		ID: "g0123456789ab", Title: "Two-player tutorial", Seats: []console.Seat{"alice", "bob"},
		System:  console.SystemInfo{ID: "landsofruin", Name: "Lands of Ruin", Kind: console.KindMiniature, MinSeats: 1, MaxSeats: 4, Playable: true},
		Options: map[string]string{"scenario": "two-player-tutorial", "map": "crossroads"},
		Status:  console.StatusActive, Summary: "Round 2, Action phase",
		Created: time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC),
	}}, true},
	{"joined spectator", Joined{Seat: console.Public, Game: console.GameInfo{ID: "g1", Title: "Club night"}}, true},
	{"lobby", Lobby{Seats: lobbySeats}, false},
	{"lobby empty", Lobby{}, false},
	{"command", Command{ID: "c-17", Name: "move", Args: map[string]any{
		"character": "dorian", "section": "crossing", "steps": int8(3), "big": uint16(4000), "flags": []any{"quiet", true},
	}}, false},
	{"command no args", Command{ID: "c-18", Name: "end-phase"}, false},
	{"command undo", Command{ID: "c-19", Undo: true}, false},
	{"result accepted", Result{ID: "c-17", Seq: 42, Lines: someLines[:1]}, false},
	{"result duplicate", Result{ID: "c-17", Seq: 42, Duplicate: true, Warning: "snapshot not saved"}, false},
	{"result refused", Result{ID: "c-18", Seq: 41, Refusal: &console.Rejection{Msg: "Dorian has already moved this round.", Reason: console.ReasonNotAllowed}}, false},
	{"view full", View{Seat: "alice", Seq: 42, Change: console.ChangeCommand,
		Status: console.Status{Summary: "Round 2"}, Full: []byte{0x81, 0xa4, 'r', 'o', 'u', 'n', 'd', 2}}, false},
	{"view delta", View{Seat: "bob", Seq: 7, Change: console.ChangeUndo,
		Status: console.Status{Finished: true, Summary: "Ana wins", Placements: []console.Placement{{Seat: "alice", Name: "Ana", Place: 1, Score: 12}, {Seat: "bob", Name: "Ben", Place: 2, Score: 9}}},
		Delta:  Diff([]byte("round 1 of 6, alice to play"), []byte("round 2 of 6, alice to play"))}, false},
	{"view spectator", View{Seat: console.Public, Seq: 3, Full: []byte{0xc0}}, false},
	{"history request", History{After: 3}, false},
	{"history lines", History{After: 3, Lines: someLines}, false},
	{"catchup", Catchup{Seq: 41}, false},
	{"catchup from nothing", Catchup{}, false},
	{"heartbeat", Heartbeat{N: 1 << 40}, false},
	{"ack", Ack{N: 1 << 40}, false},
	{"bye", Bye{Code: ByeHostClosing, Message: "The host ended the game."}, false},
	{"bye leaving", Bye{Code: ByeLeaving}, false},
}

func TestCatalogCoversEveryKind(t *testing.T) {
	seen := map[Kind]bool{}
	for _, c := range catalog {
		seen[c.msg.Kind()] = true
	}
	for _, k := range Kinds() {
		if !seen[k] {
			t.Errorf("no round-trip case for %s", k)
		}
		if !k.Known() || strings.HasPrefix(k.String(), "kind ") {
			t.Errorf("kind %d has no name", k)
		}
	}
	if Kind(0).Known() || Kind(14).Known() || Kind(14).String() != "kind 14" {
		t.Error("kinds 0 and 14 are not of protocol 1")
	}
}

func TestMessageRoundTrip(t *testing.T) {
	for _, c := range catalog {
		t.Run(c.name, func(t *testing.T) {
			b := mustEncode(t, c.msg)
			got, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind() != c.msg.Kind() {
				t.Fatalf("decoded a %s, want a %s", got.Kind(), c.msg.Kind())
			}
			if reflect.TypeOf(got) != reflect.TypeOf(c.msg) {
				t.Fatalf("decoded a %T, want a %T", got, c.msg)
			}
			if again := mustEncode(t, got); !bytes.Equal(again, b) {
				t.Fatalf("re-encoded differently:\n%x\n%x", again, b)
			}
			if !c.loose && !reflect.DeepEqual(got, c.msg) {
				t.Fatalf("got  %#v\nwant %#v", got, c.msg)
			}
			// A pointer encodes as its value.
			ptr := reflect.New(reflect.TypeOf(c.msg))
			ptr.Elem().Set(reflect.ValueOf(c.msg))
			if pb := mustEncode(t, ptr.Interface().(Message)); !bytes.Equal(pb, b) {
				t.Fatal("a pointer encodes differently from its value")
			}
			// Through a frame.
			var buf bytes.Buffer
			if err := NewWriter(&buf, 0).Send(c.msg); err != nil {
				t.Fatal(err)
			}
			fm, err := NewReader(&buf, 0).Read()
			if err != nil || !bytes.Equal(mustEncode(t, fm), b) {
				t.Fatalf("through a frame: %v", err)
			}
		})
	}
}

// The envelope is [kind, {fields by name}]: a reader of captured traffic
// (and an older peer) finds the fields by their names.
func TestEnvelopeLayout(t *testing.T) {
	b := mustEncode(t, Heartbeat{N: 5})
	want := []byte{0x92, byte(KindHeartbeat), 0x81, 0xa1, 'n', 5}
	if !bytes.Equal(b, want) {
		t.Fatalf("heartbeat is %x, want %x", b, want)
	}
	// A field a newer peer adds is ignored.
	newer := []byte{0x92, byte(KindHeartbeat), 0x82, 0xa1, 'n', 5, 0xa4, 'z', 'o', 'n', 'e', 0xa3, 'u', 't', 'c'}
	if m, err := Decode(newer); err != nil || m != (Heartbeat{N: 5}) {
		t.Fatalf("a message with an extra field: %#v %v", m, err)
	}
}

// Hello's bytes are frozen for every protocol version: a peer of any
// version must read them.
func TestHelloFrozen(t *testing.T) {
	h := Hello{Magic: Magic, Protocol: 1, MinProtocol: 1, App: "0.1.0", Role: RoleClient}
	want := "9201" + "85" + "a56d61676963" + "a543434e534c" + // magic: "CCNSL"
		"a870726f746f636f6c" + "01" + // protocol: 1
		"ac6d696e5f70726f746f636f6c" + "01" + // min_protocol: 1
		"a3617070" + "a5302e312e30" + // app: "0.1.0"
		"a4726f6c65" + "a6636c69656e74" // role: "client"
	if got := fmt.Sprintf("%x", mustEncode(t, h)); got != want {
		t.Fatalf("hello is\n%s\nwant\n%s", got, want)
	}
}

// TestHelloGameOptional: a host's Hello may name the game it serves; the
// fields are omitted when empty (the frozen bytes stay as they were), an
// older peer's Hello without them decodes, and a Hello with them decodes
// in a reader that knows nothing of them (an older peer ignores them).
func TestHelloGameOptional(t *testing.T) {
	old := Hello{Magic: Magic, Protocol: 1, MinProtocol: 1, App: "0.1.0", Role: RoleHost, Device: "table"}
	b := mustEncode(t, old)
	if bytes.Contains(b, []byte("game")) || bytes.Contains(b, []byte("title")) {
		t.Fatalf("a Hello without a game encodes its fields: %x", b)
	}
	m, err := Decode(b)
	if err != nil || m != Message(old) {
		t.Fatalf("an older host's Hello: %#v, %v", m, err)
	}
	withGame := old
	withGame.Game, withGame.Title = "g1", "Friday fight"
	nb := mustEncode(t, withGame)
	m, err = Decode(nb)
	if err != nil || m != Message(withGame) {
		t.Fatalf("a Hello with its game: %#v, %v", m, err)
	}
	// What an older peer reads: the frozen fields, the new ones ignored.
	var older struct {
		Magic       string `msgpack:"magic"`
		Protocol    uint32 `msgpack:"protocol"`
		MinProtocol uint32 `msgpack:"min_protocol"`
		App         string `msgpack:"app"`
		Role        Role   `msgpack:"role"`
		Device      string `msgpack:"device,omitempty"`
	}
	if err := msgpack.Unmarshal(nb[2:], &older); err != nil {
		t.Fatal(err)
	}
	if older.Magic != Magic || older.Protocol != 1 || older.Role != RoleHost || older.Device != "table" {
		t.Fatalf("an older peer reads %+v", older)
	}
	if v, err := Agree(NewHello(RoleClient, "0.1.0", ""), withGame); err != nil || v != 1 {
		t.Fatalf("agree with a Hello naming its game: %d, %v", v, err)
	}
}

// TestForPlayer: a refusal and a version mismatch carry their sentence
// for the player.
func TestForPlayer(t *testing.T) {
	tests := []struct {
		err  interface{ ForPlayer() string }
		want string
	}{
		{Refuse{Code: RefuseWrongGame, Message: `this host is serving another game ("B")`}, `This host is serving another game ("B").`},
		{Refuse{Code: RefuseWrongPIN, Message: "Wrong PIN: 2 left before a wait."}, "Wrong PIN: 2 left before a wait."},
		{Refuse{Code: RefuseProtocol, Message: "  "}, ""},
		{&VersionError{Local: NewHello(RoleClient, "0.1.0", ""), Peer: Hello{Magic: Magic, Protocol: 9, MinProtocol: 9, App: "9.0", Role: RoleHost}},
			"Command Console on this device is too old for the host"},
	}
	for _, tt := range tests {
		if got := tt.err.ForPlayer(); !strings.HasPrefix(got, tt.want) || (tt.want == "" && got != "") {
			t.Errorf("%v: ForPlayer %q, want %q", tt.err, got, tt.want)
		}
	}
}

func TestEncodeRefuses(t *testing.T) {
	cases := []struct {
		name string
		msg  Message
		say  string
	}{
		{"nil", nil, "nil"},
		{"nil pointer", (*View)(nil), "nil"},
		{"refuse without message", Refuse{Code: RefuseFull}, "a code and a message"},
		{"joined without seat", Joined{Token: "t"}, "without a seat"},
		{"joined without token", Joined{Seat: "alice"}, "without a seat token"},
		{"command without id", Command{Name: "move"}, "without an id"},
		{"command without name", Command{ID: "c1"}, "no name"},
		{"undo with a name", Command{ID: "c1", Undo: true, Name: "move"}, "an undo takes no name"},
		{"result without id", Result{Seq: 3}, "without a command id"},
		{"view without seat", View{Full: []byte{1}}, "without a seat"},
		{"view with both", View{Seat: "alice", Full: []byte{1}, Delta: []byte{1}}, "both a full view and a delta"},
		{"view with neither", View{Seat: "alice", Seq: 3}, "neither a full view nor a delta"},
		{"history out of order", History{After: 5, Lines: someLines}, "history after 5 holds line 4"},
		{"bye without code", Bye{Message: "bye"}, "without a code"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Encode(c.msg)
			if err == nil || !strings.Contains(err.Error(), c.say) {
				t.Fatalf("got %v, want an error saying %q", err, c.say)
			}
		})
	}
}

// badEnvelopes are frame bodies Decode must refuse; the fuzz target starts
// from them too.
var badEnvelopes = []struct {
	name string
	body []byte
	is   error
	say  string
}{
	{"not msgpack", []byte{0xc1}, ErrMalformed, "not a msgpack value"},
	{"two values", []byte{0x92, 11, 0x80, 0x80}, ErrMalformed, "trailing bytes"},
	{"a map", []byte{0x80}, ErrMalformed, "not an envelope"},
	{"three elements", []byte{0x93, 11, 0x80, 0x80}, ErrMalformed, "3 elements"},
	{"kind as a string", []byte{0x92, 0xa1, 'v', 0x80}, ErrMalformed, "not an unsigned integer"},
	{"negative kind", []byte{0x92, 0xff, 0x80}, ErrMalformed, "not an unsigned integer"},
	{"unknown kind", []byte{0x92, 99, 0x80}, ErrUnknownKind, "unknown message kind 99"},
	{"kind zero", []byte{0x92, 0, 0x80}, ErrUnknownKind, "unknown message kind 0"},
	{"huge kind", []byte{0x92, 0xcd, 0x01, 0x00, 0x80}, ErrUnknownKind, "unknown message kind 255"},
	{"body not a map", []byte{0x92, 11, 0x91, 5}, ErrMalformed, "the body is not a map"},
	{"body nil", []byte{0x92, 11, 0xc0}, ErrMalformed, "the body is not a map"},
	{"field of the wrong type", []byte{0x92, 11, 0x81, 0xa1, 'n', 0xa1, 'x'}, ErrMalformed, "heartbeat"},
	{"a lying array length", []byte{0x92, 8, 0x81, 0xa4, 'f', 'u', 'l', 'l', 0xdd, 0xff, 0xff, 0xff, 0xff}, ErrMalformed, "declares"},
	{"a lying bin length", []byte{0x92, 8, 0x81, 0xa4, 'f', 'u', 'l', 'l', 0xc6, 0xff, 0xff, 0xff, 0xff}, ErrMalformed, "declares"},
	{"an invalid view", []byte{0x92, 8, 0x81, 0xa4, 's', 'e', 'a', 't', 0xa1, 'a'}, ErrMalformed, "neither a full view nor a delta"},
	{"empty", nil, ErrMalformed, "not a msgpack value"},
	// A nil time makes the msgpack library panic (found by FuzzDecode).
	{"a nil time", []byte("\x92\x04\x82\xa4seat\xa1a\xa4game\x81\xa7created\xc0"), ErrMalformed, "the msgpack decoder failed"},
}

func TestDecodeRefuses(t *testing.T) {
	for _, c := range badEnvelopes {
		t.Run(c.name, func(t *testing.T) {
			m, err := Decode(c.body)
			if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.say) {
				t.Fatalf("got %#v, %v; want an error (%v) saying %q", m, err, c.is, c.say)
			}
		})
	}
}

func TestRefuseIsAnError(t *testing.T) {
	var err error = Refuse{Code: RefuseWrongPIN, Message: "Wrong PIN."}
	var r Refuse
	if !errors.As(err, &r) || r.Code != RefuseWrongPIN || err.Error() != "Wrong PIN." {
		t.Fatalf("%v", err)
	}
}

func TestCommandConsole(t *testing.T) {
	c := Command{ID: "c1", Name: "move", Args: map[string]any{"steps": 2}}
	if got := c.Console(); got.ID != "c1" || got.Name != "move" || got.Args["steps"] != 2 {
		t.Fatalf("%#v", got)
	}
	if !(Result{ID: "c1"}).Accepted() || (Result{ID: "c1", Refusal: &console.Rejection{Msg: "no"}}).Accepted() {
		t.Fatal("Accepted")
	}
}
