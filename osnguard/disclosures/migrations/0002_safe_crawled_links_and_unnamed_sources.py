"""Data clean-up for issue 11: crawled URLs that are not http(s) (stored before extraction
validated them) are replaced by the source's address, and disclosures stop pointing at another
user's source (its owner must not learn whose source found the copy)."""

from django.db import migrations
from django.db.models import F, Q


def forwards(apps, schema_editor):
    from osnguard.core.links import http_url

    Disclosure = apps.get_model("disclosures", "Disclosure")
    CandidateDocument = apps.get_model("disclosures", "CandidateDocument")
    Disclosure.objects.filter(source__isnull=False).exclude(
        Q(source__owner__isnull=True) | Q(source__owner=F("owner"))
    ).update(source=None)
    for model in (CandidateDocument, Disclosure):
        field = "url" if model is CandidateDocument else "source_url"
        for row in model.objects.select_related("source").iterator():
            value = getattr(row, field)
            if http_url(value) is None and not value.startswith("/posts/"):
                fallback = http_url(row.source.url) if row.source is not None else None
                model.objects.filter(pk=row.pk).update(**{field: fallback or ""})


class Migration(migrations.Migration):
    dependencies = [("disclosures", "0001_initial")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
