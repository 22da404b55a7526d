"""Detection shards (issue 16): which shards have screened a document, one bit each."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("disclosures", "0004_disclosure_support"),
    ]

    operations = [
        migrations.AddField(
            model_name="candidatedocument",
            name="screened_shards",
            field=models.BigIntegerField(default=0),
        ),
        # documents screened before shards existed were screened by the one shard there was
        migrations.RunSQL(
            "UPDATE disclosures_candidatedocument SET screened_shards = 1 "
            "WHERE screened_at IS NOT NULL",
            migrations.RunSQL.noop,
        ),
    ]
