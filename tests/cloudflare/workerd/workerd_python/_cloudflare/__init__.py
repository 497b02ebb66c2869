"""A model of workerd's private `_cloudflare` package (the harness's, not Cloudflare's code).

The vendored SDK's `.pth` loader imports its entropy patches only when this package exists,
as it does inside workerd; the harness provides it so that the SDK's grants are applied, and
counted, exactly where they are in production (docs/cloudflare.md, "The upload snapshot").
"""
