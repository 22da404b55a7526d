"""The typographic fingerprint layer's setting (issue 15): on by default."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_profile_invisible_fingerprint"),
    ]

    operations = [
        migrations.AddField(
            model_name="profilesettings",
            name="typographic_fingerprint",
            field=models.BooleanField(
                default=True,
                help_text="Give each friend their own apostrophes, emoji spacing and sentence "
                "capitals, which a copy keeps even where hidden characters are stripped.",
            ),
        ),
    ]
