from tagmt.cli import main

raise SystemExit(main())
