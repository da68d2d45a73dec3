"""A site written by a test: hoshi.yml and content files from strings, built with the hoshi under test."""
from conftest import run_hoshi


def build_written_site(hoshi, source, config, files):
    """Writes `config` to hoshi.yml and each {path below content/: text} of `files`, builds the site into
    `source/site` and returns that folder; the build must succeed."""
    (source / "hoshi.yml").write_text(config)
    for path, text in files.items():
        target = source / "content" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    return output
