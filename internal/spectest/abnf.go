package spectest

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// An ABNFRule is a rule of the ABNF a specification's text writes, as it writes it.
type ABNFRule struct {
	Name string
	// Def is the definition from its "=" (or "=/", for an incremental alternative), without
	// comments, its lines joined by one space.
	Def  string
	Line int // the line of the rule's name, from 1
}

// specRuleStart is the first line of a rule in a specification's text: indented, a rule
// name, "=" or "=/".
var specRuleStart = regexp.MustCompile(`^( +)([A-Za-z][A-Za-z0-9_-]*)\s+(=/?)(?:\s(.*))?$`)

// pageBreak matches the lines of an RFC's page break: the footer ("... [Page 12]"), the form
// feed, and the header of the next page ("RFC 3986   URI Generic Syntax   January 2005").
var pageBreak = regexp.MustCompile(`\[Page \d+\]\s*$|^\f|^RFC \d+ `)

// ABNFRules returns the ABNF rules of the part of a specification's text that begins at the
// line from and ends before the line to (section headings, compared without the spaces at
// their ends; to "" is the end of the text), in their order. A rule is a line indented by
// at least one space that has a rule name and "=" or "=/", with the lines after it that are
// indented further; page breaks and blank lines inside a rule are passed over, and any other
// line ends it. The part must have at least one rule.
func ABNFRules(text, from, to string) ([]ABNFRule, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	begin := -1
	for i, l := range lines {
		if strings.TrimRight(l, " ") == from {
			begin = i
			break
		}
	}
	if begin < 0 {
		return nil, fmt.Errorf("no line %q in the text", from)
	}
	end := len(lines)
	if to != "" {
		end = -1
		for i := begin + 1; i < len(lines); i++ {
			if strings.TrimRight(lines[i], " ") == to {
				end = i
				break
			}
		}
		if end < 0 {
			return nil, fmt.Errorf("no line %q after line %d (%q)", to, begin+1, from)
		}
	}
	var rules []ABNFRule
	cur, indent := -1, 0 // the rule the lines continue, and the indentation of its first line
	for i := begin + 1; i < end; i++ {
		l := strings.TrimRight(lines[i], " \t")
		if pageBreak.MatchString(l) || l == "" {
			continue
		}
		if m := specRuleStart.FindStringSubmatch(l); m != nil {
			cur, indent = len(rules), len(m[1])
			def := m[3] + " " + strings.TrimSpace(peg.StripComment(m[4]))
			rules = append(rules, ABNFRule{Name: m[2], Def: strings.TrimSpace(def), Line: i + 1})
			continue
		}
		if cur >= 0 && len(l)-len(strings.TrimLeft(l, " ")) > indent {
			if more := strings.TrimSpace(peg.StripComment(l)); more != "" {
				rules[cur].Def += " " + more
			}
			continue
		}
		cur = -1
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("no ABNF rule between %q and %q", from, to)
	}
	return rules, nil
}
