"""Page data for the dashboard's templates, one module per page (answer page, evidence panel,
revisions, metrics page) and `formatting` for the words and numbers they share."""
