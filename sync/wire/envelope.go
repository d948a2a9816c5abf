package wire

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/commandconsole/commandconsole/console"
)

// ErrMalformed is the error (wrapped) of Decode for a frame body that is not
// a well-formed message: not msgpack, not an envelope, a body of the wrong
// shape, or a message that fails its Validate.
var ErrMalformed = errors.New("malformed message")

// ErrUnknownKind is the error (wrapped, in an *UnknownKindError) for a
// well-formed envelope of a kind this version does not know.
var ErrUnknownKind = errors.New("unknown message kind")

// UnknownKindError is an envelope of a kind this version does not know. A
// peer sends only the kinds of the protocol version the handshake agreed
// on, so it is a protocol error; but the frame was read whole, and a
// receiver may skip it.
type UnknownKindError struct {
	Kind Kind
}

func (e *UnknownKindError) Error() string {
	return fmt.Sprintf("decode message: unknown message kind %d", uint8(e.Kind))
}

// Unwrap makes errors.Is(err, ErrUnknownKind) true.
func (e *UnknownKindError) Unwrap() error { return ErrUnknownKind }

// Encode returns the frame body of m: the envelope, a msgpack array of two
// elements, the kind (an unsigned integer) and the message (a map of its
// fields by name, integers in their shortest form, string-keyed maps
// sorted, so equal messages give equal bytes). m may be a value or a
// pointer; a message that fails its Validate is refused. View bytes are
// carried as they are: the host gives them in console.Encode's form.
func Encode(m Message) ([]byte, error) {
	if m == nil || (reflect.ValueOf(m).Kind() == reflect.Pointer && reflect.ValueOf(m).IsNil()) {
		return nil, errors.New("encode message: nil")
	}
	k := m.Kind()
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("encode %s: %w", k, err)
	}
	var out bytes.Buffer
	enc := msgpack.NewEncoder(&out)
	enc.UseCompactInts(true)
	enc.SetSortMapKeys(true)
	if err := enc.EncodeArrayLen(2); err != nil {
		return nil, fmt.Errorf("encode %s: %w", k, err)
	}
	if err := enc.EncodeUint(uint64(k)); err != nil {
		return nil, fmt.Errorf("encode %s: %w", k, err)
	}
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("encode %s: %w", k, err)
	}
	return out.Bytes(), nil
}

// Decode parses a frame body written by Encode and returns the message as a
// value (a wire.View, not a *wire.View). The bytes are first checked whole
// (console.CheckMsgpack), so a hostile frame cannot make the decoder
// allocate more than a small multiple of its size. A frame of an unknown
// kind gives an *UnknownKindError; a message that fails its Validate is
// refused.
func Decode(b []byte) (Message, error) {
	if err := console.CheckMsgpack(b); err != nil {
		return nil, fmt.Errorf("decode message: %w: not a msgpack value: %w", ErrMalformed, err)
	}
	r := bytes.NewReader(b)
	d := msgpack.NewDecoder(r)
	n, err := d.DecodeArrayLen()
	if err != nil {
		return nil, fmt.Errorf("decode message: %w: not an envelope (want an array of kind and body): %w", ErrMalformed, err)
	}
	if n != 2 {
		return nil, fmt.Errorf("decode message: %w: an envelope of %d elements (want 2: kind and body)", ErrMalformed, n)
	}
	c, err := d.PeekCode()
	if err != nil {
		return nil, fmt.Errorf("decode message: %w: %w", ErrMalformed, err)
	}
	if !(c <= 0x7f || (c >= msgpcode.Uint8 && c <= msgpcode.Uint64)) {
		return nil, fmt.Errorf("decode message: %w: the kind is not an unsigned integer (msgpack code %#x)", ErrMalformed, c)
	}
	kind, err := d.DecodeUint64()
	if err != nil {
		return nil, fmt.Errorf("decode message: %w: the kind is not an unsigned integer: %w", ErrMalformed, err)
	}
	if kind > 255 || !Kind(kind).Known() {
		return nil, &UnknownKindError{Kind: Kind(min(kind, 255))}
	}
	k := Kind(kind)
	body := b[len(b)-r.Len():]
	m, err := decodeBody(k, body)
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w: %w", k, ErrMalformed, err)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("decode %s: %w: %w", k, ErrMalformed, err)
	}
	return m, nil
}

// decodeBody decodes the message of kind k from body.
func decodeBody(k Kind, body []byte) (Message, error) {
	switch k {
	case KindHello:
		return decodeAs[Hello](body)
	case KindRefuse:
		return decodeAs[Refuse](body)
	case KindJoin:
		return decodeAs[Join](body)
	case KindJoined:
		return decodeAs[Joined](body)
	case KindLobby:
		return decodeAs[Lobby](body)
	case KindCommand:
		return decodeAs[Command](body)
	case KindResult:
		return decodeAs[Result](body)
	case KindView:
		return decodeAs[View](body)
	case KindHistory:
		return decodeAs[History](body)
	case KindCatchup:
		return decodeAs[Catchup](body)
	case KindHeartbeat:
		return decodeAs[Heartbeat](body)
	case KindAck:
		return decodeAs[Ack](body)
	case KindBye:
		return decodeAs[Bye](body)
	}
	return nil, &UnknownKindError{Kind: k}
}

// decodeAs decodes body, which must be a map, into a T. The msgpack
// library panics on some ill-typed input (a nil where a time.Time is
// expected calls reflect.Value.IsNil on a struct; found by FuzzDecode): a
// panic is a malformed message.
func decodeAs[T Message](body []byte) (_ Message, err error) {
	if len(body) == 0 || !isMap(body[0]) {
		return nil, errors.New("the body is not a map")
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the msgpack decoder failed: %v", p)
		}
	}()
	var m T
	if err := msgpack.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// isMap reports whether c starts a msgpack map.
func isMap(c byte) bool { return c&0xf0 == 0x80 || c == 0xde || c == 0xdf }
