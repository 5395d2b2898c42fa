module github.com/urlgrammar/urlgrammar

go 1.24.4

tool github.com/mna/pigeon

require (
	github.com/pandatix/go-abnf v0.5.0
	github.com/stretchr/testify v1.12.1
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	github.com/hashicorp/go-uuid v1.0.3 // indirect
	github.com/mna/pigeon v1.3.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/mod v0.22.0 // indirect
	golang.org/x/sync v0.10.0 // indirect
	golang.org/x/tools v0.28.0 // indirect
)
