"""What every app of the site shares and none owns: the root of the one error hierarchy
(`core.errors`), the strict JSON fields of the APIs (`core.fields`) and the error body they
answer with (`core.serializers`), and the small helpers of the HTML pages (`core.pages`).
`core` imports no app of the project; every app may import it."""
