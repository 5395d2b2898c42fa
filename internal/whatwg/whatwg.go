// Package whatwg holds the WHATWG URL Standard's host algorithms that more than one package
// needs: the ends-in-a-number checker (the grammar whatwg-url's valid-domain predicate, the
// confusion warning) and the IPv4 parser (the confusion warning's reading of a host).
package whatwg

import (
	"fmt"
	"strings"
)

// EndsInANumber is the standard's ends-in-a-number checker on an ASCII host: its last label
// (before a final dot) is digits, or "0x" or "0X" and hex digits (an IPv4 number).
func EndsInANumber(s string) bool {
	last := strings.TrimSuffix(s, ".")
	last = last[strings.LastIndexByte(last, '.')+1:]
	switch {
	case last == "":
		return false
	case all(last, isDigit):
		return true
	case len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X'):
		return all(last[2:], isHexDigit)
	}
	return false
}

// all reports whether every byte of s is one of class's (true for "").
func all(s string, class func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !class(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isHexDigit(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

// IPv4 is the standard's IPv4 parser: one to four parts, a final empty one dropped, each
// decimal, octal ("0" first) or hexadecimal ("0x", maybe with no digits: 0), all but the
// last at most 255, the last filling the remaining bytes. It returns the address in dotted
// decimal, or false for the parser's failure.
func IPv4(s string) (string, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return "", false
	}
	var nums []uint64
	for _, p := range parts {
		n, ok := ipv4Number(p)
		if !ok {
			return "", false
		}
		nums = append(nums, n)
	}
	var addr uint64
	for i, n := range nums[:len(nums)-1] {
		if n > 255 {
			return "", false
		}
		addr |= n << (8 * (3 - uint(i)))
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-uint(len(nums)))) {
		return "", false
	}
	addr |= last
	return fmt.Sprintf("%d.%d.%d.%d", addr>>24, addr>>16&255, addr>>8&255, addr&255), true
}

// ipv4Number is the standard's IPv4 number parser (a number past 2^40 is a failure here: it
// is out of any part's range).
func ipv4Number(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		p, base = p[2:], 16
	case len(p) >= 2 && p[0] == '0':
		p, base = p[1:], 8
	}
	var n uint64
	for i := 0; i < len(p); i++ {
		var d uint64
		switch c := p[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if d >= base || n > 1<<40 {
			return 0, false
		}
		n = n*base + d
	}
	return n, true
}
